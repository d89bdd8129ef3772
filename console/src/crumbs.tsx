// The breadcrumb above an organization's pages (its name, then where in it), and the organizations'
// names the console has read, so a crumb names the organization as people call it, not by its slug.
import { useEffect, useState } from 'preact/hooks';
import { client, forgetOnSignOut, keptFor, must, signOutsSoFar } from './api';
import { linkProps } from './router';

const names = new Map<string, string>();
const asked = new Map<string, Promise<void>>();
forgetOnSignOut(() => {
  names.clear();
  asked.clear();
});

/** Keeps the names of organizations a page has read (a list, one organization). */
export function rememberOrgs<T extends { slug: string; name: string }>(orgs: readonly T[]): readonly T[] {
  for (const o of orgs) names.set(o.slug, o.name);
  return orgs;
}

/**
 * The organization's name: the one the console has read already, else read once (GET /organizations/{org});
 * its slug meanwhile, and when the person may not read the organization (a grant on one project only).
 */
export function useOrgName(org: string): string {
  const [, setKnown] = useState(0);
  useEffect(() => {
    if (names.has(org)) return;
    let live = true;
    let read = asked.get(org);
    if (!read) {
      const from = signOutsSoFar();
      read = must(client.GET('/organizations/{org}', { params: { path: { org } } })).then(
        (o) => void (keptFor(from) && rememberOrgs([o])),
        () => undefined,
      );
      asked.set(org, read);
    }
    void read.then(() => live && setKnown((n) => n + 1));
    return () => void (live = false);
  }, [org]);
  return names.get(org) ?? org;
}

/**
 * "Acme › projects": the organization by name (a link to its page), then each step: a link when it has a
 * path (`/organizations/acme#projects`), else the page itself.
 */
export function OrgCrumbs({
  org,
  steps,
}: {
  org: string;
  steps: readonly { text: string; path?: string }[];
}) {
  const name = useOrgName(org);
  return (
    <nav class="crumbs" aria-label="Breadcrumb">
      <a {...linkProps(`/organizations/${org}`)}>{name}</a>
      {steps.map((s) => (
        <span key={s.text}>
          <span aria-hidden="true"> › </span>
          {s.path ? <a {...linkProps(s.path)}>{s.text}</a> : s.text}
        </span>
      ))}
    </nav>
  );
}
