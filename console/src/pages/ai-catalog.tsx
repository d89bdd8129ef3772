// AI catalog of an organization (SPEC 4.4): providers with their credential state, write-only keys,
// editing (name, base URL, region, enabled) and deleting them, discovery as a connection test, import of
// discovered models, models added by hand, and the models with slug, name, kind, limits, scope, costs and
// cap (edited or deleted). Each control shows only when
// the person's role allows its call (POST /auth/can); a note says what the others need.
import { useState } from 'preact/hooks';
import { Fragment } from 'preact';
import { ApiError, client, listOf, must, type Answer, type Item } from '../api';
import { OrgPicker } from '../org-picker';
import { ACTIONS, Field, Page, Problem, Table, useAction, useLoad } from '../ui';
import {
  asOption,
  CheckList,
  DangerButton,
  emptyMeansNone,
  SelectField,
  Submit,
  TextField,
  useActions,
} from '../forms';
import { allowed, NotAllowed, together, useCan } from '../can';
import { ProviderEditor } from './ai-provider-editor';

type Driver = Item<'/ai-provider-drivers'>;
type Provider = Item<'/organizations/{org}/ai-providers'>;
type Discovered = Answer<'/organizations/{org}/ai-providers/{id}/discover', 'post'>['models'][number];
type Model = Item<'/organizations/{org}/ai-models'>;
type Team = Item<'/organizations/{org}/teams'>;

/**
 * A problem about a provider in words: its driver as people know it ("vendor_b: HTTP 401" is "OpenAI:
 * HTTP 401"), and a refused delete by the provider's name with what to do ("AI provider 0f3…
 * still serves 2 models; delete them first" is "Local vendor is not deleted: it still serves 2 models.
 * Delete them under Models first, then the provider.").
 */
function inWords(error: ApiError | undefined, p: Provider): ApiError | undefined {
  if (!error) return error;
  const serves = error.code === 'provider_in_use' ? /still serves (\d+ models?)/.exec(error.detail) : null;
  if (serves) {
    const them = serves[1] === '1 model' ? 'it' : 'them';
    const detail = `${p.name} is not deleted: it still serves ${serves[1]}. Delete ${them} under Models first, then the provider.`;
    return new ApiError(error.status, detail, error.errors, error.code);
  }
  if (!error.detail.startsWith(`${p.driver}:`)) return error;
  const detail = `${p.driver_display_name}:${error.detail.slice(p.driver.length + 1)}`;
  return new ApiError(error.status, detail, error.errors, error.code);
}

/** What the person's role allows on the page (each false while it is asked). */
interface Allowed {
  createProvider: boolean;
  createModel: boolean;
  discover: boolean;
  credentials: boolean;
  updateProvider: boolean;
  removeProvider: boolean;
  updateModel: boolean;
  removeModel: boolean;
}

/** The page's confirmation and announcement, for a provider's row to use. */
interface PageActs {
  confirm: (question: string, action: string) => Promise<boolean>;
  announce: (text: string) => void;
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
                // A cloud driver authenticates with the runtime's identity: no key field, none sent.
                ...(key && !chosen?.supports_iam ? { api_key: key } : {}),
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
        {!chosen?.supports_iam && (
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
        )}
      </div>
      <Submit label="Add provider" busy={busy} />
    </form>
  );
}

function ProviderRow(props: {
  org: string;
  p: Provider;
  driver: Driver | undefined;
  may: Allowed;
  acts: PageActs;
  changed: () => void;
}) {
  const { org, p, may, acts, changed } = props;
  const [key, setKey] = useState('');
  const [found, setFound] = useState<Discovered[]>();
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const [editing, setEditing] = useState(false);
  // What the last save said will not work as configured (a base URL discovery will refuse).
  const [warnings, setWarnings] = useState<string[]>([]);
  const [error, run, busy] = useAction();
  const path = { org, id: p.id };
  // A cloud driver authenticates with the runtime's identity: no key to set (one stored can be cleared).
  const setsKey = may.credentials && !props.driver?.supports_iam;
  const clearsKey = may.credentials && p.has_credentials;
  // Discovery asks the vendor's model list: the cloud drivers have none to ask.
  const discovers = may.discover && props.driver?.supports_discovery !== false;
  const remove = async () => {
    if (
      !(await acts.confirm(`Delete the provider ${p.name}? Its stored key goes with it.`, 'Delete provider'))
    )
      return;
    const ok = await run(() =>
      must(client.DELETE('/organizations/{org}/ai-providers/{id}', { params: { path } })),
    );
    if (!ok) return;
    acts.announce(`Provider ${p.name} deleted.`);
    changed();
  };
  return (
    <li class="card" data-provider={p.name}>
      <div class="row">
        <h3>
          {p.name} <small>({p.driver_display_name})</small>
        </h3>
        {(may.updateProvider || may.removeProvider) && !editing && (
          <div class="actions">
            {may.updateProvider && (
              <button type="button" class="secondary" onClick={() => setEditing(true)}>
                Edit<span class="sr-only"> provider {p.name}</span>
              </button>
            )}
            {may.removeProvider && (
              <DangerButton label="Delete" what={`provider ${p.name}`} onClick={() => void remove()} />
            )}
          </div>
        )}
      </div>
      {editing && (
        <ProviderEditor
          org={org}
          p={p}
          driver={props.driver}
          mayMoveKey={may.credentials}
          cancel={() => setEditing(false)}
          saved={(s) => {
            setEditing(false);
            setWarnings(s.warnings);
            acts.announce(`Provider ${s.name} saved.`);
            changed();
          }}
        />
      )}
      {warnings.map((w) => (
        <p key={w} class="problem" data-warning>
          Saved, but {w}.
        </p>
      ))}
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
        {p.region && (
          <>
            {' '}
            · region <code>{p.region}</code>
          </>
        )}
        {!p.enabled && (
          <>
            {' '}
            · <strong>disabled</strong>
          </>
        )}
      </p>
      <Problem error={inWords(error, p)} />
      {(setsKey || clearsKey || discovers) && (
        <form
          class="inline"
          aria-label={setsKey || clearsKey ? `Key of ${p.name}` : `Connection of ${p.name}`}
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
          {setsKey && (
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
          )}
          {setsKey && (
            <button type="submit" disabled={busy}>
              Set key
            </button>
          )}
          {clearsKey && (
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
          {discovers && (
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
          )}
        </form>
      )}
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
          <p role="status">
            Connection works: {found.length} {found.length === 1 ? 'model' : 'models'} offered.
          </p>
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

/** What a model's access, costs and cap read as in a form: costs are exact decimals kept as typed. */
interface Terms {
  access_scope: Model['access_scope'];
  team_slugs: string[];
  input_cost_per_mtok: string;
  output_cost_per_mtok: string;
  monthly_spend_cap: string;
  enabled: boolean;
}

/** An empty decimal field means unknown (null); else the decimal as typed, for the API to judge. */
const decimal = (v: string) => (v.trim() === '' ? null : v.trim());

/** Terms as the API takes them (teams only for a restricted model). */
const termsBody = (f: Terms) => ({
  access_scope: f.access_scope,
  ...(f.access_scope === 'restricted' ? { team_slugs: f.team_slugs } : {}),
  input_cost_per_mtok: decimal(f.input_cost_per_mtok),
  output_cost_per_mtok: decimal(f.output_cost_per_mtok),
  monthly_spend_cap: decimal(f.monthly_spend_cap),
  enabled: f.enabled,
});

/** The teams of the organization, read when a form opens (so a team made since the page loaded is offered). */
function useTeams(org: string): Team[] {
  const teamList = useLoad(
    () =>
      listOf(client.GET('/organizations/{org}/teams', { params: { path: { org }, query: { limit: 200 } } })),
    [org],
  );
  return teamList.data?.items ?? [];
}

/** A model's access, costs, advisory cap and whether it is enabled: the fields adding and editing share. */
function TermsFields(props: {
  id: string;
  f: Terms;
  set: (f: Terms) => void;
  teams: Team[];
  error: ApiError | undefined;
}) {
  const { f, set, teams, error } = props;
  /** A decimal member of the terms, typed as text (the API says what it must be). */
  const decimal = (
    k: 'input_cost_per_mtok' | 'output_cost_per_mtok' | 'monthly_spend_cap',
    label: string,
    hint?: string,
  ) => (
    <Field label={label} pointer={`/${k}`} error={error} words={emptyMeansNone} {...(hint ? { hint } : {})}>
      {(a) => (
        <input
          {...a}
          inputMode="decimal"
          value={f[k]}
          onInput={(e) => set({ ...f, [k]: e.currentTarget.value })}
        />
      )}
    </Field>
  );
  return (
    <>
      <Field label="Access" pointer="/access_scope" error={error}>
        {(a) => (
          <select
            {...a}
            value={f.access_scope}
            onChange={(e) => set({ ...f, access_scope: e.currentTarget.value as Model['access_scope'] })}
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
          onChosen={(team_slugs) => set({ ...f, team_slugs })}
          options={teams.map(asOption)}
          {...(teams.length === 0 ? { hint: 'This organization has no team yet.' } : {})}
        />
      )}
      {decimal('input_cost_per_mtok', 'Input cost (USD per M tokens)')}
      {decimal('output_cost_per_mtok', 'Output cost (USD per M tokens)')}
      {decimal('monthly_spend_cap', 'Monthly spend cap (USD)', 'advisory: shown to people, not enforced')}
      <div class="field check">
        <input
          id={`${props.id}-enabled`}
          type="checkbox"
          checked={f.enabled}
          onChange={(e) => set({ ...f, enabled: e.currentTarget.checked })}
        />
        <label for={`${props.id}-enabled`}>Enabled</label>
      </div>
    </>
  );
}

/** A model's slug, display name, kind and limits as a form has them: numbers as typed. */
interface Facts {
  slug: string;
  name: string;
  kind: Model['kind'];
  context_window: string;
  max_output_tokens: string;
  default_temperature: string;
}

/**
 * A refused slug said at its field too: the API's 409 names the slug in its detail, and no field.
 */
const slugTaken = (error: ApiError | undefined): ApiError | undefined =>
  error?.status === 409 && /slug/.test(error.detail)
    ? new ApiError(
        409,
        error.detail,
        [{ pointer: '/slug', detail: 'another model of this organization has it; choose another' }],
        error.code,
      )
    : error;

function ModelEditor(props: { org: string; m: Model; saved: (slug: string) => void; cancel: () => void }) {
  const { org, m } = props;
  const teams = useTeams(org);
  const [facts, setFacts] = useState<Facts>({
    slug: m.slug,
    name: m.name,
    kind: m.kind,
    context_window: m.context_window === null ? '' : String(m.context_window),
    max_output_tokens: m.max_output_tokens === null ? '' : String(m.max_output_tokens),
    default_temperature: m.default_temperature === null ? '' : String(m.default_temperature),
  });
  const [f, setF] = useState<Terms>({
    access_scope: m.access_scope,
    team_slugs: m.team_slugs,
    input_cost_per_mtok: m.input_cost_per_mtok ?? '',
    output_cost_per_mtok: m.output_cost_per_mtok ?? '',
    monthly_spend_cap: m.monthly_spend_cap ?? '',
    enabled: m.enabled,
  });
  const [raw, run, busy] = useAction();
  const error = slugTaken(raw);
  /** An emptied number is null (unknown); anything else as typed, for the API to judge. */
  const number = (k: 'context_window' | 'max_output_tokens' | 'default_temperature') =>
    numberOrText(facts[k]) ?? null;
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
                slug: facts.slug.trim(),
                name: facts.name.trim() || m.model_id,
                kind: facts.kind,
                context_window: number('context_window'),
                max_output_tokens: number('max_output_tokens'),
                default_temperature: number('default_temperature'),
                ...termsBody(f),
              },
            }),
          );
          props.saved(facts.slug.trim());
        });
      }}
    >
      <h3>Edit model {m.slug}</h3>
      <p class="hint">
        At its provider: <code>{m.model_id}</code>
      </p>
      <Problem error={error} atFields />
      <div class="grid">
        <FactsFields
          f={facts}
          set={setFacts}
          error={error}
          slugHint="Its name in this organization: lower-case letters, digits, dots, dashes and underscores, starting and ending with a letter or digit, at most 63. Whatever names the model by its slug must use the new one."
          nameHint={`Empty: the model ID (${m.model_id})`}
        />
        <TermsFields id={`model-${m.id}`} f={f} set={setF} teams={teams} error={error} />
      </div>
      <Submit label="Save model" busy={busy} cancel={props.cancel} />
    </form>
  );
}

const KINDS: readonly { value: Model['kind']; text: string }[] = [
  { value: 'chat', text: 'chat (text in, text out)' },
  { value: 'embedding', text: 'embedding (text to vectors)' },
  { value: 'image', text: 'image' },
  { value: 'audio', text: 'audio' },
  { value: 'moderation', text: 'moderation' },
  { value: 'rerank', text: 'rerank' },
  { value: 'other', text: 'other' },
];

/** The slug a vendor's model id suggests: "GPT-4o-mini" is "gpt-4o-mini". */
const modelSlug = (id: string) =>
  id
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[._-]+|[._-]+$/g, '')
    .slice(0, 63);

/**
 * A whole number or a number as typed: empty is left out (the API's default), a number is sent as one,
 * anything else as the text, for the API to refuse at its field ("abc" must not become null).
 */
const numberOrText = (v: string): number | undefined => {
  const t = v.trim();
  if (t === '') return undefined;
  return (Number.isFinite(Number(t)) ? Number(t) : t) as number;
};

/** A model's slug, display name, kind and limits: the fields adding and editing share. */
function FactsFields(props: {
  f: Facts;
  set: (f: Facts) => void;
  error: ApiError | undefined;
  slugHint: string;
  nameHint: string;
}) {
  const { f, set, error } = props;
  const tokens = (k: 'context_window' | 'max_output_tokens', label: string) => (
    <TextField
      label={label}
      pointer={`/${k}`}
      error={error}
      words={emptyMeansNone}
      hint="A whole number from 1 to 100,000,000. Empty: unknown."
      inputMode="numeric"
      value={f[k]}
      onValue={(v) => set({ ...f, [k]: v })}
    />
  );
  return (
    <>
      <TextField
        label="Slug"
        pointer="/slug"
        error={error}
        hint={props.slugHint}
        required
        mono
        value={f.slug}
        onValue={(slug) => set({ ...f, slug })}
      />
      <TextField
        label="Display name (optional)"
        pointer="/name"
        error={error}
        hint={props.nameHint}
        value={f.name}
        onValue={(name) => set({ ...f, name })}
      />
      <SelectField
        label="Kind"
        pointer="/kind"
        error={error}
        value={f.kind}
        onValue={(kind) => set({ ...f, kind: kind as Model['kind'] })}
        options={KINDS}
      />
      {tokens('context_window', 'Context window (tokens, optional)')}
      {tokens('max_output_tokens', 'Longest answer (tokens, optional)')}
      <TextField
        label="Default temperature (optional)"
        pointer="/default_temperature"
        error={error}
        words={emptyMeansNone}
        hint="A number from 0 to 2. Empty: not set."
        inputMode="decimal"
        value={f.default_temperature}
        onValue={(default_temperature) => set({ ...f, default_temperature })}
      />
    </>
  );
}

/** A model added by hand: one the provider does not list, or a provider that cannot be asked. */
function NewModel(props: { org: string; providers: Provider[]; created: (slug: string) => void }) {
  const teams = useTeams(props.org);
  const [f, setF] = useState({
    provider_id: props.providers[0]?.id ?? '',
    model_id: '',
    slug: '',
    name: '',
    kind: 'chat' as Model['kind'],
    context_window: '',
    max_output_tokens: '',
    default_temperature: '',
  });
  const [terms, setTerms] = useState<Terms>({
    access_scope: 'organization',
    team_slugs: [],
    input_cost_per_mtok: '',
    output_cost_per_mtok: '',
    monthly_spend_cap: '',
    enabled: true,
  });
  const [error, run, busy] = useAction();
  const number = (k: 'context_window' | 'max_output_tokens' | 'default_temperature') => {
    const n = numberOrText(f[k]);
    return n === undefined ? {} : { [k]: n };
  };
  return (
    <form
      class="card"
      aria-label="New model"
      onSubmit={(e) => {
        e.preventDefault();
        void run(async () => {
          await must(
            client.POST('/organizations/{org}/ai-models', {
              params: { path: { org: props.org } },
              body: {
                provider_id: f.provider_id,
                model_id: f.model_id.trim(),
                slug: f.slug,
                ...(f.name.trim() ? { name: f.name.trim() } : {}),
                kind: f.kind,
                ...number('context_window'),
                ...number('max_output_tokens'),
                ...number('default_temperature'),
                ...termsBody(terms),
              },
            }),
          );
          props.created(f.slug);
        });
      }}
    >
      <h2>New model</h2>
      <p class="hint">
        For a model the provider does not list, or a provider that cannot be asked; “Test connection and
        discover” above imports the models a provider lists.
      </p>
      <Problem error={error} atFields />
      <div class="grid">
        <SelectField
          label="Provider"
          pointer="/provider_id"
          error={error}
          required
          value={f.provider_id}
          onValue={(provider_id) => setF({ ...f, provider_id })}
          options={props.providers.map((p) => ({ value: p.id, text: p.name }))}
        />
        <TextField
          label="Model ID at the provider"
          pointer="/model_id"
          error={error}
          hint="As the vendor names it, e.g. gpt-4o-mini"
          required
          mono
          value={f.model_id}
          onValue={(model_id) =>
            setF({
              ...f,
              model_id,
              slug: f.slug === modelSlug(f.model_id) ? modelSlug(model_id) : f.slug,
            })
          }
        />
        <FactsFields
          f={f}
          set={(facts) => setF({ ...f, ...facts })}
          error={error}
          slugHint="Its name in this organization: lower-case letters, digits, dots, dashes and underscores"
          nameHint="Empty: the model ID"
        />
        <TermsFields id="new-model" f={terms} set={setTerms} teams={teams} error={error} />
      </div>
      <Submit label="Add model" busy={busy} />
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
  // A new form (emptied) after each model added.
  const [added, setAdded] = useState(0);
  const acts = useActions();
  // The permissions are the organization's, not one provider's or model's: the first one's path answers
  // for every row.
  const P = `/organizations/${org}/ai-providers`;
  const M = `/organizations/${org}/ai-models`;
  const provider = providers.data?.items[0]?.id;
  const model = models.data?.items[0]?.id;
  const can = useCan({
    createProvider: providers.data ? ['POST', P] : undefined,
    createModel: providers.data ? ['POST', M] : undefined,
    discover: provider ? ['POST', `${P}/${provider}/discover`] : undefined,
    credentials: provider ? ['PUT', `${P}/${provider}/credentials`] : undefined,
    updateProvider: provider ? ['PATCH', `${P}/${provider}`] : undefined,
    removeProvider: provider ? ['DELETE', `${P}/${provider}`] : undefined,
    updateModel: model ? ['PATCH', `${M}/${model}`] : undefined,
    removeModel: model ? ['DELETE', `${M}/${model}`] : undefined,
  });
  const may: Allowed = {
    createProvider: allowed(can.createProvider),
    createModel: allowed(can.createModel),
    discover: allowed(can.discover),
    credentials: allowed(can.credentials),
    updateProvider: allowed(can.updateProvider),
    removeProvider: allowed(can.removeProvider),
    updateModel: allowed(can.updateModel),
    removeModel: allowed(can.removeModel),
  };
  const rowActions = may.updateModel || may.removeModel;
  const changed = () => {
    providers.reload();
    models.reload();
  };
  return (
    <>
      {acts.chrome}
      <h2>Providers</h2>
      <Problem error={providers.error} />
      <ul class="plain">
        {providers.data?.items.map((p) => (
          <ProviderRow
            key={p.id}
            org={org}
            p={p}
            driver={drivers.data?.find((d) => d.name === p.driver)}
            may={may}
            acts={acts}
            changed={changed}
          />
        ))}
      </ul>
      {providers.data?.items.length === 0 && <p>No provider yet.</p>}
      {drivers.data && may.createProvider && (
        <NewProvider org={org} drivers={drivers.data} created={changed} />
      )}
      <h2>Models</h2>
      <Problem error={models.error ?? acts.error} />
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
            ...(rowActions ? [ACTIONS] : []),
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
                {rowActions && (
                  <td class="actions">
                    {may.updateModel && (
                      <button
                        type="button"
                        aria-expanded={editing?.id === m.id}
                        onClick={() => setEditing(editing?.id === m.id ? undefined : m)}
                      >
                        Edit<span class="sr-only"> {m.slug}</span>
                      </button>
                    )}
                    {may.removeModel && (
                      <DangerButton
                        label="Delete"
                        what={m.slug}
                        onClick={async () =>
                          (await acts.confirmed(
                            `Delete the model ${m.slug} from the catalog? Nothing changes at ${providerName.get(m.provider_id) ?? 'its provider'}.`,
                            'Delete model',
                            () =>
                              must(
                                client.DELETE('/organizations/{org}/ai-models/{id}', {
                                  params: { path: { org, id: m.id } },
                                }),
                              ),
                            `Model ${m.slug} deleted.`,
                          )) && (editing?.id === m.id && setEditing(undefined), changed())
                        }
                      />
                    )}
                  </td>
                )}
              </tr>
              {editing?.id === m.id && (
                <tr class="editor-row">
                  <td colSpan={8}>
                    <ModelEditor
                      key={editing.id}
                      org={org}
                      m={editing}
                      cancel={() => setEditing(undefined)}
                      saved={(slug) => {
                        setEditing(undefined);
                        acts.announce(`Model ${slug} saved.`);
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
      {may.createModel && providers.data && providers.data.items.length > 0 && (
        <NewModel
          key={`new-${added}`}
          org={org}
          providers={providers.data.items}
          created={(slug) => (setAdded((n) => n + 1), acts.announce(`Model ${slug} added.`), changed())}
        />
      )}
      {providers.data && (
        <NotAllowed
          items={[
            ...together('add providers and models, or test connections and import models', [
              ['add providers', can.createProvider],
              ['add models', can.createModel],
              ['test connections and import models', can.discover],
            ]),
            ['set or clear API keys', can.credentials],
            ...together('edit providers and models', [
              ['edit providers', can.updateProvider],
              ['edit models', can.updateModel],
            ]),
            ...together('delete providers and models', [
              ['delete providers', can.removeProvider],
              ['delete models', can.removeModel],
            ]),
          ]}
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
