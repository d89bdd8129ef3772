// A provider's settings after creation (SPEC 4.4): its name, base URL, region and whether it is enabled,
// in a form that opens in the provider's card (PATCH /organizations/{org}/ai-providers/{id}). Only what
// changed is sent: a base URL left as it was is not a move of the stored key.
import { useState } from 'preact/hooks';
import { client, must, type Item } from '../api';
import { Problem, useAction } from '../ui';
import { emptyMeansNone, Submit, TextField } from '../forms';

type Driver = Item<'/ai-provider-drivers'>;
type Provider = Item<'/organizations/{org}/ai-providers'>;

/** What a valid base URL looks like, and what an empty one means for this driver. */
function baseUrlHint(driver: Driver | undefined): string {
  const valid =
    'http:// or https:// and a host, e.g. https://llm.example.com/v1, without a user name, password, query or fragment.';
  if (driver?.requires_base_url) return `${valid} Required for this driver.`;
  if (driver?.default_base_url) return `${valid} Empty: ${driver.default_base_url} (the driver's default).`;
  return `${valid} Empty: the driver's default.`;
}

/** What the page learns from a save: the name now, and what will not work as configured. */
export interface Saved {
  name: string;
  warnings: string[];
}

export function ProviderEditor(props: {
  org: string;
  p: Provider;
  driver: Driver | undefined;
  /** Whether the person may also set keys: moving a stored key elsewhere is a key operation. */
  mayMoveKey: boolean;
  saved: (s: Saved) => void;
  cancel: () => void;
}) {
  const { org, p, driver } = props;
  const [f, setF] = useState({
    name: p.name,
    base_url: p.base_url ?? '',
    region: p.region ?? '',
    enabled: p.enabled,
  });
  const [error, run, busy] = useAction();
  // A region is what the cloud drivers (identity-based) call in; the others show it only when one is set.
  const showRegion = !!driver?.supports_iam || p.region !== null;
  const keyStays = p.has_credentials && !props.mayMoveKey;
  /** An emptied field is null (the driver's default, no region); a field left as it was is not sent. */
  const changed = (k: 'base_url' | 'region', stored: string | null) => {
    const v = f[k].trim() === '' ? null : f[k].trim();
    return v === stored ? {} : { [k]: v };
  };
  return (
    <form
      class="stack"
      aria-label={`Edit provider ${p.name}`}
      onSubmit={(e) => {
        e.preventDefault();
        void run(async () => {
          const res = await must(
            client.PATCH('/organizations/{org}/ai-providers/{id}', {
              params: { path: { org, id: p.id } },
              body: {
                name: f.name,
                enabled: f.enabled,
                ...changed('base_url', p.base_url),
                ...changed('region', p.region),
              },
            }),
          );
          // No body (204) for a caller who may change providers but not read them.
          props.saved({ name: res?.name ?? f.name, warnings: res?.warnings ?? [] });
        });
      }}
    >
      <Problem error={error} atFields />
      <div class="grid">
        <TextField
          label="Name"
          pointer="/name"
          error={error}
          required
          value={f.name}
          onValue={(name) => setF({ ...f, name })}
        />
        <TextField
          label="Base URL"
          pointer="/base_url"
          error={error}
          hint={
            keyStays
              ? 'Changing it also needs the permission ai_model:credentials: the stored key is sent wherever it points.'
              : baseUrlHint(driver)
          }
          type="url"
          mono
          disabled={keyStays}
          value={f.base_url}
          onValue={(base_url) => setF({ ...f, base_url })}
        />
        {showRegion && (
          <TextField
            label="Region"
            pointer="/region"
            error={error}
            words={emptyMeansNone}
            hint="Where the cloud serves the models, e.g. us-east-1 or europe-west4: letters, digits, dots, dashes and underscores, at most 63. Empty: no region."
            mono
            value={f.region}
            onValue={(region) => setF({ ...f, region })}
          />
        )}
        <div class="field check">
          <input
            id={`provider-${p.id}-enabled`}
            type="checkbox"
            checked={f.enabled}
            onChange={(e) => setF({ ...f, enabled: e.currentTarget.checked })}
          />
          <label for={`provider-${p.id}-enabled`}>Enabled</label>
        </div>
      </div>
      <Submit label="Save provider" busy={busy} cancel={props.cancel} />
    </form>
  );
}
