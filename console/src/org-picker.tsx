// The organization a page works in, chosen from GET /organizations (the first one by default).
import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { client, listOf } from './api';
import { Problem, useLoad } from './ui';
import { asOption, SelectField } from './forms';
import { rememberOrgs } from './crumbs';

export function OrgPicker({ children }: { children: (org: string) => ComponentChildren }) {
  const orgs = useLoad(() =>
    listOf(client.GET('/organizations', { params: { query: { limit: 200 } } })).then(
      (r) => (rememberOrgs(r.items), r),
    ),
  );
  const [org, setOrg] = useState<string>();
  const items = orgs.data?.items ?? [];
  const chosen = org ?? items[0]?.slug;
  return (
    <>
      <Problem error={orgs.error} />
      {orgs.data && items.length === 0 && <p>No organization yet.</p>}
      {items.length > 0 && (
        <SelectField label="Organization" value={chosen!} onValue={setOrg} options={items.map(asOption)} />
      )}
      {chosen && children(chosen)}
    </>
  );
}
