// AI catalog of an organization (SPEC 4.4): providers with their credential state, write-only keys,
// discovery as a connection test, import of discovered models, and the models with scope, costs and cap.
import { useState } from 'preact/hooks';
import { Fragment } from 'preact';
import { ApiError, client, listOf, must, type Answer, type Item } from '../api';
import { OrgPicker } from '../org-picker';
import { ACTIONS, Field, Page, Problem, Table, useAction, useLoad } from '../ui';
import { asOption, CheckList, Submit, TextField } from '../forms';

type Driver = Item<'/ai-provider-drivers'>;
type Provider = Item<'/organizations/{org}/ai-providers'>;
type Discovered = Answer<'/organizations/{org}/ai-providers/{id}/discover', 'post'>['models'][number];
type Model = Item<'/organizations/{org}/ai-models'>;
type Team = Item<'/organizations/{org}/teams'>;

/** A problem naming the provider's driver by its key ("vendor_b: HTTP 401") names it as people do ("OpenAI: HTTP 401"). */
function inWords(error: ApiError | undefined, p: Provider): ApiError | undefined {
  if (!error || !error.detail.startsWith(`${p.driver}:`)) return error;
  const detail = `${p.driver_display_name}:${error.detail.slice(p.driver.length + 1)}`;
  return new ApiError(error.status, detail, error.errors, error.code);
}

/** How a provider authenticates, in words. */
const AUTH_WORDS: Record<Provider['auth_kind'], string> = {
  api_key: 'API key',
  iam: 'cloud identity (IAM)',
  none: 'none',
};

function NewProvider({ org, drivers, created }: { org: string; drivers: Driver[]; created: () => void }) {
  const [driver, setDriver] = useState<Driver['name'] | undefined>(drivers[0]?.name);
  const chosen = drivers.find((d) => d.name === driver);
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
          await must(
            client.POST('/organizations/{org}/ai-providers', {
              params: { path: { org } },
              body: {
                driver: driver!,
                name,
                ...(baseUrl ? { base_url: baseUrl } : {}),
                ...(key ? { api_key: key } : {}),
              },
            }),
          );
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
        <Field
          label="Driver"
          pointer="/driver"
          error={error}
          {...(chosen ? { hint: chosen.description } : {})}
        >
          {(a) => (
            <select
              {...a}
              value={driver}
              onChange={(e) => setDriver(e.currentTarget.value as Driver['name'])}
            >
              {drivers.map((d) => (
                <option key={d.name} value={d.name}>
                  {d.display_name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <TextField
          label="Provider name"
          pointer="/name"
          error={error}
          required
          value={name}
          onValue={setName}
        />
        <TextField
          label="Base URL"
          pointer="/base_url"
          error={error}
          hint={
            chosen?.default_base_url
              ? `Empty: ${chosen.default_base_url}`
              : chosen?.requires_base_url
                ? 'Required for this driver'
                : "Empty: the driver's default"
          }
          type="url"
          value={baseUrl}
          onValue={setBaseUrl}
        />
        <TextField
          label="API key (optional)"
          pointer="/api_key"
          error={error}
          hint="Write-only: never shown again"
          type="password"
          autocomplete="off"
          value={key}
          onValue={setKey}
        />
      </div>
      <Submit label="Add provider" busy={busy} />
    </form>
  );
}

function ProviderRow({ org, p, changed }: { org: string; p: Provider; changed: () => void }) {
  const [key, setKey] = useState('');
  const [found, setFound] = useState<Discovered[]>();
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const [error, run, busy] = useAction();
  const path = { org, id: p.id };
  return (
    <li class="card" data-provider={p.name}>
      <h3>
        {p.name} <small>({p.driver_display_name})</small>
      </h3>
      <p>
        Authentication: <strong>{AUTH_WORDS[p.auth_kind]}</strong>
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
      <Problem error={inWords(error, p)} />
      <form
        class="inline"
        aria-label={`Key of ${p.name}`}
        onSubmit={(e) => {
          e.preventDefault();
          void run(async () => {
            await must(
              client.PUT('/organizations/{org}/ai-providers/{id}/credentials', {
                params: { path },
                body: { api_key: key },
              }),
            );
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
            onClick={() =>
              void run(async () => {
                await must(
                  client.DELETE('/organizations/{org}/ai-providers/{id}/credentials', { params: { path } }),
                );
                changed();
              })
            }
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
              const res = await must(
                client.POST('/organizations/{org}/ai-providers/{id}/discover', { params: { path } }),
              );
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
              await must(
                client.POST('/organizations/{org}/ai-providers/{id}/import-models', {
                  params: { path },
                  body: { models: [...picked].map((model_id) => ({ model_id })) },
                }),
              );
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

function ModelEditor({ org, m, done }: { org: string; m: Model; done: () => void }) {
  // Read when the editor opens, so a team made since the page loaded is offered.
  const teamList = useLoad(
    () =>
      listOf(client.GET('/organizations/{org}/teams', { params: { path: { org }, query: { limit: 200 } } })),
    [org],
  );
  const teams: Team[] = teamList.data?.items ?? [];
  const [f, setF] = useState({
    access_scope: m.access_scope,
    team_slugs: m.team_slugs,
    input_cost_per_mtok: m.input_cost_per_mtok ?? '',
    output_cost_per_mtok: m.output_cost_per_mtok ?? '',
    monthly_spend_cap: m.monthly_spend_cap ?? '',
    enabled: m.enabled,
  });
  const [error, run, busy] = useAction();
  const text =
    (k: 'input_cost_per_mtok' | 'output_cost_per_mtok' | 'monthly_spend_cap') =>
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
          await must(
            client.PATCH('/organizations/{org}/ai-models/{id}', {
              params: { path: { org, id: m.id } },
              body: {
                access_scope: f.access_scope,
                ...(f.access_scope === 'restricted' ? { team_slugs: f.team_slugs } : {}),
                input_cost_per_mtok: decimal(f.input_cost_per_mtok),
                output_cost_per_mtok: decimal(f.output_cost_per_mtok),
                monthly_spend_cap: decimal(f.monthly_spend_cap),
                enabled: f.enabled,
              },
            }),
          );
          done();
        });
      }}
    >
      <h3>Edit model {m.slug}</h3>
      <Problem error={error} atFields />
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
          <CheckList
            legend="Teams that may use it"
            pointer="/team_slugs"
            error={error}
            chosen={f.team_slugs}
            onChosen={(team_slugs) => setF({ ...f, team_slugs })}
            options={teams.map(asOption)}
            {...(teams.length === 0 ? { hint: 'This organization has no team yet.' } : {})}
          />
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
      <Submit label="Save model" busy={busy} cancel={done} />
    </form>
  );
}

function Catalog({ org }: { org: string }) {
  const path = { org };
  const drivers = useLoad(() => must(client.GET('/ai-provider-drivers')));
  const providers = useLoad(
    () =>
      listOf(client.GET('/organizations/{org}/ai-providers', { params: { path, query: { limit: 100 } } })),
    [org],
  );
  const models = useLoad(
    () => listOf(client.GET('/organizations/{org}/ai-models', { params: { path, query: { limit: 200 } } })),
    [org],
  );
  const teams = useLoad(
    () => listOf(client.GET('/organizations/{org}/teams', { params: { path, query: { limit: 200 } } })),
    [org],
  );
  const providerName = new Map(providers.data?.items.map((p) => [p.id, p.name]));
  const teamName = new Map(teams.data?.items.map((t) => [t.slug, t.name]));
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
          <ProviderRow key={p.id} org={org} p={p} changed={changed} />
        ))}
      </ul>
      {providers.data?.items.length === 0 && <p>No provider yet.</p>}
      {drivers.data && <NewProvider org={org} drivers={drivers.data} created={changed} />}
      <h2>Models</h2>
      <Problem error={models.error} />
      {models.data && (
        <Table
          caption="Models"
          columns={[
            'Model',
            'Provider',
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
            <Fragment key={m.id}>
              <tr data-model={m.model_id}>
                <td>
                  {m.name}
                  {m.slug !== m.name && (
                    <>
                      {' '}
                      <code>{m.slug}</code>
                    </>
                  )}
                </td>
                <td>{providerName.get(m.provider_id) ?? '—'}</td>
                <td>{m.kind}</td>
                <td>
                  {m.access_scope === 'organization'
                    ? 'whole organization'
                    : `teams: ${m.team_slugs.map((t) => teamName.get(t) ?? t).join(', ') || 'none'}`}
                </td>
                <td>
                  {m.input_cost_per_mtok ?? '—'} / {m.output_cost_per_mtok ?? '—'}
                </td>
                <td>{m.monthly_spend_cap ?? '—'}</td>
                <td>{m.enabled ? 'yes' : 'no'}</td>
                <td>
                  <button
                    type="button"
                    aria-expanded={editing?.id === m.id}
                    onClick={() => setEditing(editing?.id === m.id ? undefined : m)}
                  >
                    Edit<span class="sr-only"> {m.slug}</span>
                  </button>
                </td>
              </tr>
              {editing?.id === m.id && (
                <tr class="editor-row">
                  <td colSpan={8}>
                    <ModelEditor
                      key={editing.id}
                      org={org}
                      m={editing}
                      done={() => {
                        setEditing(undefined);
                        models.reload();
                        teams.reload();
                      }}
                    />
                  </td>
                </tr>
              )}
            </Fragment>
          ))}
        </Table>
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
