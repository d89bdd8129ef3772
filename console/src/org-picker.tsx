// The organization a page works in, chosen from GET /organizations (the first one by default).
import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { client, listOf } from './api';
import { Field, Problem, useLoad } from './ui';

export function OrgPicker({ children }: { children: (org: string) => ComponentChildren }) {
  const orgs = useLoad(() => listOf(client.GET('/organizations', { params: { query: { limit: 200 } } })));
  const [org, setOrg] = useState<string>();
  const items = orgs.data?.items ?? [];
  const chosen = org ?? items[0]?.slug;
  return (
    <>
      <Problem error={orgs.error} />
      {orgs.data && items.length === 0 && <p>No organization yet.</p>}
      {items.length > 0 && (
        <Field label="Organization">
          {(a) => (
            <select {...a} value={chosen} onChange={(e) => setOrg(e.currentTarget.value)}>
              {items.map((o) => (
                <option key={o.slug} value={o.slug}>
                  {o.name}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      {chosen && children(chosen)}
    </>
  );
}
