// Bulk import of an organization's projects: NDJSON or CSV pasted or read from a file, sent as it is to
// `POST /organizations/{org}/projects/import` with its Content-Type, and the report: how many were
// created, updated or unchanged, and each refused row with its line, slug and what was wrong where.
import { useState } from 'preact/hooks';
import { client, must, type Answer } from '../api';
import { linkProps } from '../router';
import { OrgCrumbs, useOrgName } from '../crumbs';
import { Field, Page, Problem, Table, useAction } from '../ui';
import { SelectField, Submit } from '../forms';
import { allowed, NotAllowed, useCan } from '../can';

type Report = Answer<'/organizations/{org}/projects/import', 'post'>;
type Format = 'application/x-ndjson' | 'text/csv';

const SAMPLES: Record<Format, string> = {
  'application/x-ndjson':
    'For example: {"slug": "shop", "name": "Shop", "team": "core", "types": ["service"], "attributes": {"tier": "gold"}}',
  'text/csv': 'For example, a header line slug,name,team,types,attr.tier, then shop,Shop,core,service,gold',
};

/** The format a file's name suggests, else none. */
function formatOf(fileName: string): Format | undefined {
  if (/\.csv$/i.test(fileName)) return 'text/csv';
  if (/\.(ndjson|jsonl)$/i.test(fileName)) return 'application/x-ndjson';
  return undefined;
}

export function ProjectImport({ org }: { org: string }) {
  const [format, setFormat] = useState<Format>('application/x-ndjson');
  const [text, setText] = useState('');
  const [file, setFile] = useState<string>();
  const [report, setReport] = useState<Report>();
  const [error, run, busy] = useAction();
  const can = useCan({ importing: ['POST', `/organizations/${org}/projects/import`] });
  const orgName = useOrgName(org);
  return (
    <Page title="Import projects" crumbs={<OrgCrumbs org={org} steps={[{ text: 'import projects' }]} />}>
      <p class="lead">
        Create or update many projects of {orgName} at once, by slug: a slug that exists is updated (its
        attributes merged), one that does not is created, and sending the same rows again changes nothing.
        Each row goes through the same checks as the project form; a refused row changes nothing and the
        others go on.
      </p>
      <NotAllowed items={[['import projects', can.importing]]} />
      {allowed(can.importing) && (
        <form
          class="card stack"
          aria-label="Import projects"
          onSubmit={(e) => {
            e.preventDefault();
            setReport(undefined);
            void run(async () => {
              const answer = await must(
                client.POST('/organizations/{org}/projects/import', {
                  params: { path: { org } },
                  body: text,
                  headers: { 'content-type': `${format}; charset=utf-8` },
                  // The rows go as they are, not as a JSON string.
                  bodySerializer: (b: unknown) => b as string,
                }),
              );
              setReport(answer);
            });
          }}
        >
          <SelectField
            label="Format"
            value={format}
            onValue={(v) => setFormat(v as Format)}
            options={[
              { value: 'application/x-ndjson', text: 'NDJSON: one JSON object a line' },
              { value: 'text/csv', text: 'CSV: a header row, then one project a row' },
            ]}
            hint={
              format === 'text/csv'
                ? 'Columns slug, name, team (required), types (slugs separated by ;), attributes (a JSON object) and attr.<name> (that attribute, as text).'
                : 'Each line: slug, name, team, and optionally types (a list of type slugs) and attributes (an object).'
            }
          />
          <Field
            label="Choose a file (optional)"
            hint={file ? `Read from ${file}.` : 'A .ndjson, .jsonl or .csv file, UTF-8'}
          >
            {(a) => (
              <input
                {...a}
                type="file"
                accept=".ndjson,.jsonl,.csv,.json,.txt,text/csv,application/x-ndjson"
                onChange={async (e) => {
                  const chosen = e.currentTarget.files?.[0];
                  if (!chosen) return;
                  setText(await chosen.text());
                  setFile(chosen.name);
                  const f = formatOf(chosen.name);
                  if (f) setFormat(f);
                }}
              />
            )}
          </Field>
          <Field label="Rows" hint={SAMPLES[format]}>
            {(a) => (
              <textarea
                {...a}
                class="mono"
                required
                rows={10}
                spellcheck={false}
                value={text}
                onInput={(e) => (setText(e.currentTarget.value), setFile(undefined))}
              />
            )}
          </Field>
          <Submit label="Import" busy={busy} />
        </form>
      )}
      {error && error.errors.length > 0 ? (
        <div class="problem" role="alert">
          <p>Nothing was imported:</p>
          <ul aria-label="What the import was refused for">
            {error.errors.map((e) => (
              <li key={e.pointer}>
                <code>{e.pointer}</code>: {e.detail}
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <Problem error={error} />
      )}
      {report && <ImportReport org={org} report={report} />}
    </Page>
  );
}

function ImportReport({ org, report: r }: { org: string; report: Report }) {
  return (
    <section class="card" aria-labelledby="s-report">
      <h2 id="s-report">Report</h2>
      <p role="status" data-report={`${r.created}/${r.updated}/${r.unchanged}/${r.refused_count}`}>
        {r.created} created, {r.updated} updated, {r.unchanged} unchanged, {r.refused_count} refused.
      </p>
      {r.refused.length > 0 && (
        <Table
          caption="Refused rows"
          columns={['Line', 'Project', 'Answer', 'What was wrong']}
          rows={r.refused.length}
        >
          {r.refused.map((x) => (
            <tr key={x.line} data-refused-line={x.line}>
              <td>{x.line}</td>
              <td class="mono">{x.slug ?? '—'}</td>
              <td>
                {x.status} <small class="mono">{x.code}</small>
              </td>
              <td>
                <ul>
                  {x.errors.map((e, i) => (
                    <li key={i}>
                      {e.pointer && <code>{e.pointer}</code>}
                      {e.pointer && ': '}
                      {e.detail}
                    </li>
                  ))}
                </ul>
              </td>
            </tr>
          ))}
        </Table>
      )}
      {r.refused_count > r.refused.length && (
        <p class="hint">The first {r.refused.length} refused rows are listed.</p>
      )}
      <p>
        <a {...linkProps(`/organizations/${org}#projects`)}>The projects of {useOrgName(org)}</a>
      </p>
    </section>
  );
}
