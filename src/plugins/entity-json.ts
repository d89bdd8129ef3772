// An entity's answer written as JSON text around its document's text as PostgreSQL renders it, so a
// read neither parses the document nor serializes it again (docs/plugins.md, "Reads send the stored
// text"). The answer has the members and order of the EntityRead schema.
import type { GraphNodeText } from '../graph/store.js';
import type { CreatedEntity } from './store.js';
import { documentJson } from './document-codec.js';
import { isoString } from '../lib/iso-string.js';

export type EntityJson = (node: GraphNodeText) => string;

/** Writes the entities of one label (the plugin and label parts are made once). */
export function entityJsonWriter(slug: string, label: string): EntityJson {
  const middle = `","plugin":${JSON.stringify(slug)},"label":${JSON.stringify(label)},"properties":`;
  // The id is a uuid and the times ISO 8601 text: none needs escaping.
  return (n) =>
    `{"id":"${n.id}${middle}${documentJson(n.props)},"created_at":"${n.created_at}","updated_at":"${n.updated_at}"}`;
}

/** A page of entities as a JSON array. */
export const entityListJson = (write: EntityJson, nodes: readonly GraphNodeText[]): string => {
  let out = '[';
  for (let i = 0; i < nodes.length; i++) out += (i === 0 ? '' : ',') + write(nodes[i]!);
  return out + ']';
};

/**
 * A created entity's answer: its row's id and times, and `documentJson`, its document's JSON text as
 * sent (document-job.ts), members in the order sent (a later read shows them in the order jsonb keeps).
 */
export function createdEntityJson(
  slug: string,
  label: string,
  n: CreatedEntity,
  documentJson: string,
): string {
  return (
    `{"id":"${n.id}","plugin":${JSON.stringify(slug)},"label":${JSON.stringify(label)},` +
    `"properties":${documentJson},"created_at":"${isoString(n.created_at)}",` +
    `"updated_at":"${isoString(n.updated_at)}"}`
  );
}
