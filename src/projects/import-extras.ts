// The environments and links of an import row (import.ts): checked as their single routes check them
// (the permission to name them, each URL, each name known) before the row writes anything, then
// compared with the project as stored so that an equal value is not written again (docs/catalog.md,
// "Bulk import").
import { authorizeNaming } from '../authz/guard.js';
import { AppError, type FieldError } from '../http/errors.js';
import type { AuthContext } from '../kernel/context.js';
import { pointerToken } from '../lib/json-pointer.js';
import type { OrganizationNode } from '../organizations/index.js';
import { validateBaseUrl } from '../outbound/guard.js';
import type { Deployments } from './deployments.js';
import type { BatchLookups } from './import-lookups.js';
import type { ImportRow } from './import-parse.js';
import type { ProjectProps } from './store.js';

export interface Named {
  /** `url` undefined: the URL of an environment the project is in already stays. */
  environments: Array<{ slug: string; id: string; url: string | null | undefined }>;
  links: Array<{ slug: string; url: string }>;
}

/**
 * The environments and link definitions a row names, each known and each URL valid: else 403 (the
 * permission to name them, before any lookup), or 422 naming every bad member
 * (`/environments/<slug>[/url]`, `/links/<definition>`).
 */
export function namedIn(ctx: AuthContext, found: BatchLookups, org: OrganizationNode, row: ImportRow): Named {
  const envs = Object.entries(row.environments ?? {});
  const links = Object.entries(row.links ?? {});
  if (envs.length > 0)
    authorizeNaming(ctx, 'environment:read', { pointer: '/environments', in: 'body' }, 'an environment');
  if (links.length > 0)
    authorizeNaming(ctx, 'link_definition:read', { pointer: '/links', in: 'body' }, 'a link definition');
  const errors: Array<FieldError & { code: string }> = [];
  const url = (raw: string, pointer: string) => {
    try {
      validateBaseUrl(raw, pointer);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      for (const e of err.errors ?? []) errors.push({ ...e, code: err.code });
    }
  };
  const out: Named = { environments: [], links: [] };
  for (const [slug, entry] of envs) {
    const pointer = `/environments/${pointerToken(slug)}`;
    if (typeof entry.url === 'string') url(entry.url, `${pointer}/url`);
    const env = found.environment(slug);
    if (env) out.environments.push({ slug, id: env.id, url: entry.url });
    else errors.push({ pointer, in: 'body', detail: `no environment ${slug}`, code: 'unknown_environment' });
  }
  for (const [slug, link] of links) {
    const pointer = `/links/${pointerToken(slug)}`;
    url(link, pointer);
    if (found.definition(slug)) out.links.push({ slug, url: link });
    else
      errors.push({
        pointer,
        in: 'body',
        detail: `no link definition ${slug} in ${org.props.slug}`,
        code: 'unknown_link_definition',
      });
  }
  if (errors.length > 0) {
    const first = errors[0]!;
    throw new AppError(
      422,
      first.code,
      `${first.pointer.slice(1)}: ${first.detail}`,
      errors.map(({ code: _, ...e }) => e),
    );
  }
  return out;
}

/** What of the named environments and links differs from the project as stored (none: a new one). */
export function changedDeployments(stored: ProjectProps | undefined, named: Named) {
  const deployments = (stored?.deployments as Deployments | undefined) ?? {};
  const own = (stored?.links as Record<string, string> | undefined) ?? {};
  return {
    environments: named.environments
      .filter((e) => {
        const before = deployments[e.id];
        return !before || (e.url !== undefined && e.url !== (before.url ?? null));
      })
      .map((e) => ({ slug: e.slug, url: e.url ?? null })),
    links: named.links.filter((l) => own[l.slug] !== l.url),
  };
}
