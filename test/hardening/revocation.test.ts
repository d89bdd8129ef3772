// Revocation takes effect on the next request on every replica: two runtimes share one database, each
// with its own authentication cache, kept in step by PostgreSQL LISTEN/NOTIFY.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeByKey } from '../../src/graph/store.js';
import { lockUser } from '../../src/identity/users.store.js';
import { startReplicaOf, startTestApp, type TestApp } from '../support/harness.js';
import { serviceAccount } from '../foundation/fixtures.js';
import { consent, exchange, setupScheduler, type SchedulerCredential } from '../delegation/helpers.js';

let a: TestApp;
let b: TestApp;
let admin: string;
let scheduler: SchedulerCredential;

const PASSWORD = 'Harbour-Violet-Engine-305';

beforeAll(async () => {
  a = await startTestApp();
  b = await startReplicaOf(a);
  admin = await a.adminToken();
  scheduler = await setupScheduler(a);
});
afterAll(async () => {
  await b.close();
  await a.close();
});

/** Status on replica B, allowing the notification (sent at commit) a moment to arrive. */
async function statusOnB(token: string, want: number): Promise<number> {
  let status = 0;
  for (let i = 0; i < 40; i++) {
    status = (await b.call('GET', '/auth/me', { token })).status;
    if (status === want) return status;
    await new Promise((r) => setTimeout(r, 50));
  }
  return status;
}

async function warm(token: string): Promise<void> {
  expect((await b.call('GET', '/auth/me', { token })).status).toBe(200);
  expect((await a.call('GET', '/auth/me', { token })).status).toBe(200);
}

describe('a user’s access tokens', () => {
  it('a password change ends every access token issued before it, on both replicas', async () => {
    const old = await a.user('pw@example.com', { password: PASSWORD });
    await warm(old);
    const res = await a.call('PATCH', '/users/pw@example.com', {
      token: old,
      body: { password: 'Another-Strong-Secret-88', current_password: PASSWORD },
    });
    expect(res.status, res.text).toBe(200);
    expect(await statusOnB(old, 401)).toBe(401);
    expect((await a.call('GET', '/auth/me', { token: old })).status).toBe(401);
    const fresh = await b.call('POST', '/auth/login', {
      body: { email: 'pw@example.com', password: 'Another-Strong-Secret-88' },
    });
    expect(fresh.status).toBe(200);
    expect((await a.call('GET', '/auth/me', { token: fresh.body.access_token })).status).toBe(200);
  });

  it('a token issued while its user is deleted does not open the account made again with that email', async () => {
    const user = await a.user('racer@example.com');
    const { core } = a.runtime;
    const found = (await core.identity.users.findByEmailUnchecked('racer@example.com'))!;
    // A sign-in's own steps (tokens.signIn): the row held FOR SHARE while its tokens are written, and
    // its transaction still open when the delete begins.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let token = '';
    const signIn = core.sql.tx(async (tx) => {
      expect(await lockUser(tx, found.id, 'FOR SHARE')).toBeDefined();
      const issued = await core.identity.tokens.issue(tx, {
        principal: { id: found.id, name: found.props.email },
        authMethod: 'password',
        ttlSeconds: 900,
      });
      token = issued.access_token;
      await held;
    });
    await new Promise((r) => setTimeout(r, 100));
    const deleted = a.call('DELETE', '/users/racer@example.com', { token: admin });
    await new Promise((r) => setTimeout(r, 300));
    release();
    await signIn;
    expect((await deleted).status).toBe(204);
    // The delete waited for the sign-in, so its revocation saw the token.
    const jti = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).jti as string;
    const meta = await nodeByKey<{ revoked_at: string | null }>(core.sql, 'TokenMetadata.jti', jti);
    expect(meta?.props.revoked_at).toEqual(expect.any(String));
    expect((await a.call('GET', '/auth/me', { token: user })).status).toBe(401);
    const again = await a.call('POST', '/users', {
      token: admin,
      body: { email: 'racer@example.com', password: PASSWORD, is_admin: true },
    });
    expect(again.status, again.text).toBe(201);
    expect((await a.call('GET', '/auth/me', { token })).status).toBe(401);
    expect(await statusOnB(token, 401)).toBe(401);
  });

  it("a new user's tokens begin at its creation: an earlier user's unrevoked token of that email does not open it", async () => {
    const old = await a.user('again@example.com');
    const { core } = a.runtime;
    const found = (await core.identity.users.findByEmailUnchecked('again@example.com'))!;
    // Gone without its tokens revoked (what a delete racing a sign-in once left behind).
    await core.sql.query('DELETE FROM graph_nodes WHERE id = $1', [found.id]);
    const again = await a.call('POST', '/users', {
      token: admin,
      body: { email: 'again@example.com', password: PASSWORD, is_admin: true },
    });
    expect(again.status, again.text).toBe(201);
    expect((await a.call('GET', '/auth/me', { token: old })).status).toBe(401);
    const fresh = await a.call('POST', '/auth/login', {
      body: { email: 'again@example.com', password: PASSWORD },
    });
    expect(fresh.status, fresh.text).toBe(200);
  });

  it('deactivation then reactivation does not bring old tokens back', async () => {
    const old = await a.user('react@example.com', { password: PASSWORD });
    await warm(old);
    const off = await a.call('PATCH', '/users/react@example.com', {
      token: admin,
      body: { is_active: false },
    });
    expect(off.status).toBe(200);
    expect(await statusOnB(old, 401)).toBe(401);
    const on = await a.call('PATCH', '/users/react@example.com', { token: admin, body: { is_active: true } });
    expect(on.status).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect((await b.call('GET', '/auth/me', { token: old })).status).toBe(401);
    expect((await a.call('GET', '/auth/me', { token: old })).status).toBe(401);
    const login = await b.call('POST', '/auth/login', {
      body: { email: 'react@example.com', password: PASSWORD },
    });
    expect(login.status).toBe(200);
  });
});

describe('a service account’s tokens', () => {
  it('revoking a client credential ends the tokens minted from it, and tokens exchanged with them', async () => {
    const alice = await a.user('alice@example.com', { password: PASSWORD });
    await consent(a, alice);
    const minted = await a.call('POST', '/auth/token', {
      form: {
        grant_type: 'client_credentials',
        client_id: scheduler.clientId,
        client_secret: scheduler.clientSecret,
      },
    });
    expect(minted.status).toBe(200);
    const saToken = minted.body.access_token as string;
    const ex = await exchange(a, {
      subject_token: saToken,
      requested_subject: 'alice@example.com',
      scope: 'service-api:*',
    });
    expect(ex.status, ex.text).toBe(200);
    const delegated = ex.body.access_token as string;
    await warm(saToken);
    await warm(delegated);
    const revoke = await a.call(
      'DELETE',
      `/service-accounts/scheduler/client-credentials/${encodeURIComponent(scheduler.clientId)}`,
      { token: admin },
    );
    expect(revoke.status).toBe(204);
    expect(await statusOnB(saToken, 401)).toBe(401);
    expect(await statusOnB(delegated, 401)).toBe(401);
    expect((await a.call('GET', '/auth/me', { token: delegated })).status).toBe(401);
    const again = await exchange(b, {
      subject_token: saToken,
      requested_subject: 'alice@example.com',
      scope: 'service-api:*',
    });
    expect(again.status).toBe(401);
  });

  it('deactivation then reactivation of a service account does not bring old tokens back', async () => {
    const sa = await serviceAccount(a, 'worker');
    await warm(sa.token);
    expect(
      (await a.call('PATCH', '/service-accounts/worker', { token: admin, body: { is_active: false } }))
        .status,
    ).toBe(200);
    expect(await statusOnB(sa.token, 401)).toBe(401);
    expect(
      (await a.call('PATCH', '/service-accounts/worker', { token: admin, body: { is_active: true } })).status,
    ).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect((await b.call('GET', '/auth/me', { token: sa.token })).status).toBe(401);
    const fresh = await sa.mint();
    expect((await b.call('GET', '/auth/me', { token: fresh })).status).toBe(200);
  });
});

// A change sets the principal's valid-after a millisecond ahead (src/identity/revocation.ts), and a
// token is refused when dated before it. A sign-in in that instant (a user created, or its password
// changed, just then: on a fast machine the test harness's own sign-ins did) got a token refused at its
// first use. Here the valid-after is set 40 ms ahead, as a change just committed would leave it, for a
// principal no process has cached yet.
describe('tokens issued in the instant of a change', () => {
  const ahead = (ms: number) => new Date(Date.now() + ms).toISOString();

  it('a sign-in right after its user changed gives a token (and refresh token) that open the account', async () => {
    const { sql } = a.runtime.core;
    await a.runtime.core.identity.users.createUnchecked(
      { email: 'instant@example.com', password: PASSWORD },
      'test',
    );
    await sql.query(
      `UPDATE graph_nodes SET props = props || jsonb_build_object('tokens_valid_after', $1::text)
        WHERE label = 'User' AND props->>'email' = 'instant@example.com'`,
      [ahead(40)],
    );
    const login = await b.call('POST', '/auth/login', {
      body: { email: 'instant@example.com', password: PASSWORD },
    });
    expect(login.status, login.text).toBe(200);
    const me = await a.call('GET', '/auth/me', { token: login.body.access_token });
    expect(me.status, me.text).toBe(200);
    const refreshed = await a.call('POST', '/auth/token', {
      form: { grant_type: 'refresh_token', refresh_token: login.body.refresh_token },
    });
    expect(refreshed.status, refreshed.text).toBe(200);
  });

  it('a client-credentials token right after its account changed opens it', async () => {
    const sa = await serviceAccount(a, 'instant-sa');
    // Fresh replicas (neither has the account cached with its old valid-after), started first: the
    // valid-after must still be ahead when the token is minted.
    const [c, d] = [await startReplicaOf(a), await startReplicaOf(a)];
    try {
      await a.runtime.core.sql.query(
        `UPDATE graph_nodes SET props = props || jsonb_build_object('tokens_valid_after', $1::text)
          WHERE label = 'ServiceAccount' AND props->>'slug' = 'instant-sa'`,
        [ahead(40)],
      );
      const token = await c.call('POST', '/auth/token', {
        form: { grant_type: 'client_credentials', client_id: sa.clientId, client_secret: sa.clientSecret },
      });
      expect(token.status, token.text).toBe(200);
      const me = await d.call('GET', '/auth/me', { token: token.body.access_token });
      expect(me.status, me.text).toBe(200);
    } finally {
      await d.close();
      await c.close();
    }
  });
});
