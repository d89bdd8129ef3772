// My consents (SPEC 4.2): what the scheduler may do as me, recorded and revoked under my own session.
import { useState } from 'preact/hooks';
import { client, listOf, must, type Item } from '../api';
import { ACTIONS, Field, NextPage, Page, Problem, Table, useAction, useCursor, when } from '../ui';
import { useActions } from '../forms';

type Consent = Item<'/consents'>;

/** What a consent lets the scheduler do, in words. */
export function consentWords(c: Pick<Consent, 'actor_sa' | 'scope' | 'status' | 'expires_at'>): string {
  const what =
    c.scope === 'service-api:*'
      ? 'call any Keel API route as you, with your permissions and nothing more'
      : `call the Keel API as you within the scope ${c.scope}`;
  const until = c.expires_at ? ` until ${when(c.expires_at)}` : ' until you revoke it';
  const who = `the service account ${c.actor_sa}`;
  if (c.status === 'revoked') return `Revoked: ${who} may no longer act as you.`;
  if (c.status === 'expired') return `Expired: ${who} may no longer act as you.`;
  return `The service account ${c.actor_sa} may ${what}${until}. Your user schedules run through it.`;
}

export function Consents() {
  const list = useCursor((cursor) =>
    listOf(client.GET('/consents', { params: { query: { limit: 20, cursor } } })),
  );
  const [expires, setExpires] = useState('');
  const [error, run, busy] = useAction();
  const acts = useActions();

  return (
    <Page title="My consents">
      {acts.chrome}
      <p class="lead">
        A consent lets the scheduler's service account act on your behalf, so that your schedules can call the
        API as you. Revoking one stops the schedules that use it at their next run.
      </p>
      <Problem error={list.error ?? acts.error} />
      <form
        class="inline"
        aria-label="Record a consent"
        onSubmit={(e) => {
          e.preventDefault();
          void run(async () => {
            await must(
              client.POST('/consents', {
                body: expires ? { expires_at: new Date(expires).toISOString() } : {},
              }),
            );
            setExpires('');
            list.reload();
          });
        }}
      >
        <Field
          label="Expires (optional)"
          pointer="/expires_at"
          error={error}
          hint="Leave empty for no end date"
        >
          {(a) => (
            <input
              {...a}
              type="datetime-local"
              value={expires}
              onInput={(e) => setExpires(e.currentTarget.value)}
            />
          )}
        </Field>
        <button type="submit" disabled={busy}>
          Record consent
        </button>
        <Problem error={error} />
      </form>
      {list.data && list.data.items.length === 0 && <p>You have recorded no consent.</p>}
      {list.data && list.data.items.length > 0 && (
        <Table
          caption="Consents"
          columns={['Status', 'What it allows', 'Recorded', ACTIONS]}
          rows={list.data.items.length}
        >
          {list.data.items.map((c) => (
            <tr key={c.id} data-consent={c.id}>
              <td>
                <span class={`badge ${c.status}`}>{c.status}</span>
              </td>
              <td>{consentWords(c)}</td>
              <td>{when(c.created_at)}</td>
              <td>
                {c.status === 'active' && (
                  <button
                    type="button"
                    class="danger"
                    onClick={async () =>
                      (await acts.confirmed(
                        'Revoke this consent? The schedules that run through it stop at their next run.',
                        'Revoke consent',
                        () => must(client.DELETE('/consents/{id}', { params: { path: { id: c.id } } })),
                        'Consent revoked.',
                      )) && list.reload()
                    }
                  >
                    Revoke<span class="sr-only"> the consent recorded {when(c.created_at)}</span>
                  </button>
                )}
              </td>
            </tr>
          ))}
        </Table>
      )}
      <NextPage more={list.more} />
    </Page>
  );
}
