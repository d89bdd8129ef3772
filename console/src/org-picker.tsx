// The organization a page (or one field of a form) works in, chosen from GET /organizations (the first one
// by default).
import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { client, listOf } from './api';
import { Problem, useLoad } from './ui';
import { asOption, SelectField } from './forms';
import { rememberOrgs } from './crumbs';

/** The organizations the person may read (one page of 200), their names remembered for the breadcrumbs. */
export const readOrganizations = () =>
  listOf(client.GET('/organizations', { params: { query: { limit: 200 } } })).then(
    (r) => (rememberOrgs(r.items), r),
  );

export function OrgPicker(props: {
  children: (org: string) => ComponentChildren;
  /** The select's label: "Organization" unless a form has several ("Organization of the Project"). */
  label?: string;
  /** Told when the person chooses another organization. */
  onChange?: (org: string) => void;
}) {
  const orgs = useLoad(readOrganizations);
  const [org, setOrg] = useState<string>();
  const items = orgs.data?.items ?? [];
  const chosen = org ?? items[0]?.slug;
  return (
    <>
      <Problem error={orgs.error} />
      {orgs.data && items.length === 0 && <p>No organization yet.</p>}
      {items.length > 0 && (
        <SelectField
          label={props.label ?? 'Organization'}
          value={chosen!}
          onValue={(o) => {
            setOrg(o);
            props.onChange?.(o);
          }}
          options={items.map(asOption)}
        />
      )}
      {chosen && props.children(chosen)}
    </>
  );
}
