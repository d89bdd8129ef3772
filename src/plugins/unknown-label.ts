// The 404 of a label a plugin does not declare, naming the labels it does and suggesting the one that
// differs only by case (labels are case-sensitive: `cloudaccount` is not `CloudAccount`).
//
// Listing them tells the caller nothing new: the route authorizes first with the permission named
// after the label, and for a label the plugin does not declare only an admin holds that permission;
// an admin reads the same labels in the plugin's manifest.
import { AppError } from '../http/errors.js';

/** At most this many labels are named in one answer. */
const MAX_NAMED = 30;

export function unknownLabel(
  kind: 'entity' | 'edge',
  slug: string,
  label: string,
  known: Iterable<string>,
): AppError {
  const labels = [...known].sort();
  const lower = label.toLowerCase();
  const suggestion = labels.find((l) => l.toLowerCase() === lower);
  const named = labels.slice(0, MAX_NAMED).join(', ') + (labels.length > MAX_NAMED ? ', ...' : '');
  const parts = [`${kind} label ${label} of plugin ${slug} not found`];
  if (suggestion) parts.push(`did you mean ${suggestion}? (labels are case-sensitive)`);
  parts.push(labels.length > 0 ? `its ${kind} labels are ${named}` : `it declares no ${kind} labels`);
  return new AppError(404, 'not_found', parts.join('; '));
}
