// AI catalog of an organization (SPEC 4.4): providers with their credential state, write-only keys,
// discovery as a connection test, import of discovered models, and the models with scope, costs and cap.
import { useState } from 'preact/hooks';
import { api, page } from '../api';
import { OrgPicker } from '../org-picker';
import { ACTIONS, Field, Page, Problem, Table, useAction, useLoad } from '../ui';

interface Driver {
  name: string;
  display_name: string;
  requires_base_url: boolean;
  supports_discovery: boolean;
}
interface Provider {
  id: string;
  driver: string;
  name: string;
  base_url: string | null;
  enabled: boolean;
  has_credentials: boolean;
  credential_hint?: string;
  auth_kind: 'api_key' | 'iam' | 'none';
}
interface Discovered {
  model_id: string;
  display_name: string;
  context_window?: number;
  already_imported: boolean;
}
interface Model {
  id: string;
  slug: string;
  model_id: string;
  name: string;
  kind: string;
  access_scope: 'organization' | 'restricted';
  team_slugs: string[];
  input_cost_per_mtok: string | null;
  output_cost_per_mtok: string | null;
  monthly_spend_cap: string | null;
  enabled: boolean;
}

function NewProvider({ base, drivers, created }: { base: string; drivers: Driver[]; created: () => void }) {
  const [driver, setDriver] = useState(drivers[0]?.name ?? '');
  const [name, setName] = useState('');
  const [baseUrl, setBaseUrl] = useState('');
  const [key, setKey] = useState('');
  const [error, run, busy] = useAction();
  return (
    <form
      class="card"
      aria-label="New AI provider"
      onSubmit={(e) => {
        e.preventDefault();
        void run(async () => {
          await api('POST', `${base}/ai-providers`, {
            driver,
            name,
            ...(baseUrl ? { base_url: baseUrl } : {}),
            ...(key ? { api_key: key } : {}),
          });
          setName('');
          setBaseUrl('');
          setKey('');
          created();
        });
      }}
    >
      <h2>New provider</h2>
      <Problem error={error} />
      <div class="grid">
        <Field label="Driver" pointer="/driver" error={error}>
          {(a) => (
            <select {...a} value={driver} onChange={(e) => setDriver(e.currentTarget.value)}>
              {drivers.map((d) => (
                <option key={d.name} value={d.name}>
                  {d.display_name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Provider name" pointer="/name" error={error}>
          {(a) => <input {...a} required value={name} onInput={(e) => setName(e.currentTarget.value)} />}
        </Field>
        <Field label="Base URL" pointer="/base_url" error={error} hint="empty: the driver's default">
          {(a) => (
            <input {...a} type="url" value={baseUrl} onInput={(e) => setBaseUrl(e.currentTarget.value)} />
          )}
        </Field>
        <Field label="API key (optional)" pointer="/api_key" error={error} hint="write-only">
          {(a) => (
            <input
              {...a}
              type="password"
              autocomplete="off"
              value={key}
              onInput={(e) => setKey(e.currentTarget.value)}
            />
          )}
        </Field>
      </div>
      <button type="submit" disabled={busy}>
        Add provider
      </button>
    </form>
  );
}

function ProviderRow({ base, p, changed }: { base: string; p: Provider; changed: () => void }) {
  const [key, setKey] = useState('');
  const [found, setFound] = useState<Discovered[]>();
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const [error, run, busy] = useAction();
  const at = `${base}/ai-providers/${p.id}`;
  return (
    <li class="card" data-provider={p.name}>
      <h3>
        {p.name} <small>({p.driver})</small>
      </h3>
      <p>
        Authentication: <strong>{p.auth_kind}</strong>
        {p.has_credentials ? (
          <> · key stored{p.credential_hint ? ` (ends in ${p.credential_hint})` : ''}</>
        ) : (
          ' · no key stored'
        )}
        {p.base_url && (
          <>
            {' '}
            · <code>{p.base_url}</code>
          </>
        )}
      </p>
      <Problem error={error} />
      <form
        class="inline"
        aria-label={`Key of ${p.name}`}
        onSubmit={(e) => {
          e.preventDefault();
          void run(async () => {
            await api('PUT', `${at}/credentials`, { api_key: key });
            setKey('');
            changed();
          });
        }}
      >
        <Field label={`New API key for ${p.name}`} pointer="/api_key" error={error}>
          {(a) => (
            <input
              {...a}
              type="password"
              autocomplete="off"
              required
              value={key}
              onInput={(e) => setKey(e.currentTarget.value)}
            />
          )}
        </Field>
        <button type="submit" disabled={busy}>
          Set key
        </button>
        {p.has_credentials && (
          <button
            type="button"
            class="danger"
            disabled={busy}
            onClick={() => void run(async () => (await api('DELETE', `${at}/credentials`), changed()))}
          >
            Clear key
          </button>
        )}
        <button
          type="button"
          disabled={busy}
          onClick={() =>
            void run(async () => {
              setFound(undefined);
              const res = await api<{ models: Discovered[] }>('POST', `${at}/discover`);
              setFound(res.models);
              setPicked(new Set());
            })
          }
        >
          Test connection and discover
        </button>
      </form>
      {found && (
        <form
          aria-label={`Models of ${p.name}`}
          onSubmit={(e) => {
            e.preventDefault();
            void run(async () => {
              await api('POST', `${at}/import-models`, {
                models: [...picked].map((model_id) => ({ model_id })),
              });
              setFound(undefined);
              changed();
            });
          }}
        >
          <p role="status">Connection works: {found.length} models offered.</p>
          <ul class="picks">
            {found.map((m) => (
              <li key={m.model_id}>
                <label>
                  <input
                    type="checkbox"
                    disabled={m.already_imported}
                    checked={picked.has(m.model_id)}
                    onChange={(e) => {
                      const next = new Set(picked);
                      if (e.currentTarget.checked) next.add(m.model_id);
                      else next.delete(m.model_id);
                      setPicked(next);
                    }}
                  />{' '}
                  {m.display_name} <code>{m.model_id}</code>
                  {m.context_window ? ` · ${m.context_window} tokens` : ''}
                  {m.already_imported ? ' · imported' : ''}
                </label>
              </li>
            ))}
          </ul>
          <button type="submit" disabled={busy || picked.size === 0}>
            Import {picked.size} selected
          </button>
        </form>
      )}
    </li>
  );
}

function ModelEditor({ base, m, done }: { base: string; m: Model; done: () => void }) {
  const [f, setF] = useState({
    access_scope: m.access_scope,
    team_slugs: m.team_slugs.join(', '),
    input_cost_per_mtok: m.input_cost_per_mtok ?? '',
    output_cost_per_mtok: m.output_cost_per_mtok ?? '',
    monthly_spend_cap: m.monthly_spend_cap ?? '',
    enabled: m.enabled,
  });
  const [error, run, busy] = useAction();
  const text =
    (k: 'team_slugs' | 'input_cost_per_mtok' | 'output_cost_per_mtok' | 'monthly_spend_cap') =>
    (e: { currentTarget: { value: string } }) =>
      setF({ ...f, [k]: e.currentTarget.value });
  // Costs are exact decimals carried as strings; an empty field means unknown (null).
  const decimal = (v: string) => (v.trim() === '' ? null : v.trim());
  return (
    <form
      class="card"
      aria-label={`Edit model ${m.slug}`}
      onSubmit={(e) => {
        e.preventDefault();
        void run(async () => {
          await api('PATCH', `${base}/ai-models/${m.id}`, {
            access_scope: f.access_scope,
            ...(f.access_scope === 'restricted'
              ? { team_slugs: f.team_slugs.split(/[\s,]+/).filter(Boolean) }
              : {}),
            input_cost_per_mtok: decimal(f.input_cost_per_mtok),
            output_cost_per_mtok: decimal(f.output_cost_per_mtok),
            monthly_spend_cap: decimal(f.monthly_spend_cap),
            enabled: f.enabled,
          });
          done();
        });
      }}
    >
      <h3>Edit model {m.slug}</h3>
      <Problem error={error} />
      <div class="grid">
        <Field label="Access" pointer="/access_scope" error={error}>
          {(a) => (
            <select
              {...a}
              value={f.access_scope}
              onChange={(e) => setF({ ...f, access_scope: e.currentTarget.value as Model['access_scope'] })}
            >
              <option value="organization">whole organization</option>
              <option value="restricted">some teams</option>
            </select>
          )}
        </Field>
        {f.access_scope === 'restricted' && (
          <Field label="Teams" pointer="/team_slugs" error={error} hint="team slugs, comma separated">
            {(a) => <input {...a} value={f.team_slugs} onInput={text('team_slugs')} />}
          </Field>
        )}
        <Field label="Input cost (USD per M tokens)" pointer="/input_cost_per_mtok" error={error}>
          {(a) => (
            <input
              {...a}
              inputMode="decimal"
              value={f.input_cost_per_mtok}
              onInput={text('input_cost_per_mtok')}
            />
          )}
        </Field>
        <Field label="Output cost (USD per M tokens)" pointer="/output_cost_per_mtok" error={error}>
          {(a) => (
            <input
              {...a}
              inputMode="decimal"
              value={f.output_cost_per_mtok}
              onInput={text('output_cost_per_mtok')}
            />
          )}
        </Field>
        <Field
          label="Monthly spend cap (USD)"
          pointer="/monthly_spend_cap"
          error={error}
          hint="advisory: shown to people, not enforced"
        >
          {(a) => (
            <input
              {...a}
              inputMode="decimal"
              value={f.monthly_spend_cap}
              onInput={text('monthly_spend_cap')}
            />
          )}
        </Field>
        <div class="field check">
          <input
            id={`model-enabled-${m.id}`}
            type="checkbox"
            checked={f.enabled}
            onChange={(e) => setF({ ...f, enabled: e.currentTarget.checked })}
          />
          <label for={`model-enabled-${m.id}`}>Enabled</label>
        </div>
      </div>
      <div class="actions">
        <button type="submit" disabled={busy}>
          Save model
        </button>
        <button type="button" onClick={done}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function Catalog({ org }: { org: string }) {
  const base = `/organizations/${encodeURIComponent(org)}`;
  const drivers = useLoad(() => api<Driver[]>('GET', '/ai-provider-drivers'));
  const providers = useLoad(() => page<Provider>(`${base}/ai-providers?limit=100`), [org]);
  const models = useLoad(() => page<Model>(`${base}/ai-models?limit=200`), [org]);
  const [editing, setEditing] = useState<Model>();
  const changed = () => {
    providers.reload();
    models.reload();
  };
  return (
    <>
      <h2>Providers</h2>
      <Problem error={providers.error} />
      <ul class="plain">
        {providers.data?.items.map((p) => (
          <ProviderRow key={p.id} base={base} p={p} changed={changed} />
        ))}
      </ul>
      {providers.data?.items.length === 0 && <p>No provider yet.</p>}
      {drivers.data && <NewProvider base={base} drivers={drivers.data} created={changed} />}
      <h2>Models</h2>
      <Problem error={models.error} />
      {models.data && (
        <Table
          caption="Models"
          columns={[
            'Model',
            'Kind',
            'Access',
            'Cost in / out (USD per M tokens)',
            'Monthly cap (advisory)',
            'Enabled',
            ACTIONS,
          ]}
          rows={models.data.items.length}
          empty="No model yet."
        >
          {models.data.items.map((m) => (
            <tr key={m.id} data-model={m.model_id}>
              <td>
                {m.name} <code>{m.slug}</code>
              </td>
              <td>{m.kind}</td>
              <td>
                {m.access_scope === 'organization'
                  ? 'whole organization'
                  : `teams: ${m.team_slugs.join(', ')}`}
              </td>
              <td>
                {m.input_cost_per_mtok ?? '—'} / {m.output_cost_per_mtok ?? '—'}
              </td>
              <td>{m.monthly_spend_cap ?? '—'}</td>
              <td>{m.enabled ? 'yes' : 'no'}</td>
              <td>
                <button type="button" onClick={() => setEditing(m)}>
                  Edit<span class="sr-only"> {m.slug}</span>
                </button>
              </td>
            </tr>
          ))}
        </Table>
      )}
      {editing && (
        <ModelEditor
          key={editing.id}
          base={base}
          m={editing}
          done={() => {
            setEditing(undefined);
            models.reload();
          }}
        />
      )}
    </>
  );
}

export function AiCatalog() {
  return (
    <Page title="AI catalog">
      <OrgPicker>{(org) => <Catalog key={org} org={org} />}</OrgPicker>
    </Page>
  );
}
