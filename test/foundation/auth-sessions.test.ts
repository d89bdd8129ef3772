// Sessions end with the credentials they were opened with: a refresh or a password login that races a
// password change, and refresh tokens across a deactivation (docs/authorization.md, "Revocation").
// The races are made deterministic by holding one side at a chosen point while the other runs.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Sql, Tx } from '../../src/db/sql.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import { expectOAuthError, expectProblem } from './fixtures.js';

let app: TestApp;
let admin: string;
let sql: Sql;
const original: Partial<Sql> = {};

const login = (email: string, password: string) =>
  app.call('POST', '/auth/login', { body: { email, password } });
const refresh = (token: string) =>
  app.call('POST', '/auth/token', { form: { grant_type: 'refresh_token', refresh_token: token } });
const me = (token: string) => app.call('GET', '/auth/me', { token });

/** A session's tokens no longer work: its access token is refused, its refresh token too. */
async function expectSessionEnded(session: { access_token: string; refresh_token: string }) {
  expectProblem(await me(session.access_token), 401, 'invalid_token');
  expectOAuthError(await refresh(session.refresh_token), 400, 'invalid_grant');
}
const setPassword = (email: string, password: string) =>
  app.call('PATCH', `/users/${email}`, { token: admin, body: { password } });

type Matcher = (text: string, params: readonly unknown[] | undefined) => boolean;

/** The statement that writes a RefreshToken node (createNode's label parameter). */
const writesRefreshToken: Matcher = (_text, params) => params?.[1] === 'RefreshToken';

/** A point where one side of a race waits: `reached` once it is there, `release()` lets it go on. */
function gate() {
  let arrive!: () => void;
  let release!: () => void;
  const reached = new Promise<void>((r) => (arrive = r));
  const released = new Promise<void>((r) => (release = r));
  return { reached, release, hold: () => (arrive(), released) };
}

/** Holds the first transaction that runs a matching statement just before it commits. */
function holdBeforeCommit(matches: Matcher) {
  const g = gate();
  let armed = true;
  sql.tx = <T>(fn: (tx: Tx) => Promise<T>) =>
    original.tx!.call(sql, async (tx: Tx) => {
      let mine = false;
      const watch = <F extends (text: string, params?: readonly unknown[]) => unknown>(run: F): F =>
        ((text: string, params?: readonly unknown[]) => {
          if (armed && matches(text, params)) mine = true;
          return run(text, params);
        }) as F;
      const result = await fn({ ...tx, query: watch(tx.query), one: watch(tx.one) });
      if (mine) {
        armed = false;
        await g.hold();
      }
      return result;
    }) as Promise<T>;
  return g;
}

/** Holds the first matching statement run outside a transaction once it has answered. */
function holdAfterRead(matches: Matcher) {
  const g = gate();
  let armed = true;
  sql.one = (async (text: string, params?: readonly unknown[]) => {
    const row = await original.one!.call(sql, text, params);
    if (armed && matches(text, params)) {
      armed = false;
      await g.hold();
    }
    return row;
  }) as Sql['one'];
  return g;
}

/** Resolves once some statement of this database waits for a row lock. */
async function someoneWaitsForALock(): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const row = await original.one!.call(
      sql,
      `SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    );
    if ((row as { n: number }).n > 0) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('nobody waited for a lock');
}

beforeAll(async () => {
  app = await startTestApp();
  admin = await app.adminToken();
  sql = app.runtime.core.sql;
  original.tx = sql.tx;
  original.one = sql.one;
});
afterEach(() => {
  sql.tx = original.tx!;
  sql.one = original.one!;
});
afterAll(() => app.close());

describe('a refresh that races a password change does not keep the session', () => {
  it('the change waits for the refresh, then ends the rotated token and the access token it minted', async () => {
    await app.user('racer@sessions.test', { password: 'racer-password-1' });
    const session = await login('racer@sessions.test', 'racer-password-1');

    // The refresh has used R1 and written R2, and holds before committing.
    const held = holdBeforeCommit(writesRefreshToken);
    const refreshing = refresh(session.body.refresh_token);
    await held.reached;
    const changing = setPassword('racer@sessions.test', 'racer-password-2');
    await someoneWaitsForALock();
    held.release();

    const refreshed = await refreshing;
    expect((await changing).status).toBe(200);
    if (refreshed.status === 200) {
      await expectSessionEnded(refreshed.body);
    } else {
      expectOAuthError(refreshed, 400, 'invalid_grant');
    }
  });

  it('a refresh token issued before tokens_valid_after is refused even if nothing revoked it', async () => {
    await app.user('stale@sessions.test', { password: 'stale-password-1' });
    const session = await login('stale@sessions.test', 'stale-password-1');
    // As if the change had revoked the other tokens but missed this one (the race above).
    await sql.query(
      `UPDATE graph_nodes SET props = props || jsonb_build_object('tokens_valid_after', $2::text)
        WHERE label = 'User' AND props->>'email' = $1`,
      ['stale@sessions.test', new Date(Date.now() + 1).toISOString()],
    );
    app.runtime.core.authCache.clear();
    expectOAuthError(await refresh(session.body.refresh_token), 400, 'invalid_grant');
  });
});

describe('a password login that races a password change does not open a session', () => {
  it('a login that checked the old password while the change committed gets no tokens', async () => {
    await app.user('slow@sessions.test', { password: 'slow-password-1' });

    // The login has read the old hash; the change commits before it goes on.
    const held = holdAfterRead(
      (text, params) => text.includes('graph_keys') && params?.[1] === 'slow@sessions.test',
    );
    const logging = login('slow@sessions.test', 'slow-password-1');
    await held.reached;
    sql.one = original.one!;
    expect((await setPassword('slow@sessions.test', 'slow-password-2')).status).toBe(200);
    held.release();

    const res = await logging;
    if (res.status === 200) {
      await expectSessionEnded(res.body);
    }
    expectProblem(res, 401, 'invalid_credentials');
    expect((await login('slow@sessions.test', 'slow-password-2')).status).toBe(200);
  });

  it('a login that signs in while the change waits: the change ends the new session', async () => {
    await app.user('quick@sessions.test', { password: 'quick-password-1' });

    // The sign-in has written its tokens and holds before committing.
    const held = holdBeforeCommit(writesRefreshToken);
    const logging = login('quick@sessions.test', 'quick-password-1');
    await held.reached;
    const changing = setPassword('quick@sessions.test', 'quick-password-2');
    await Promise.race([changing, someoneWaitsForALock()]);
    held.release();

    const res = await logging;
    expect((await changing).status).toBe(200);
    if (res.status === 200) {
      await expectSessionEnded(res.body);
    }
  });
});

describe('refresh tokens end with a deactivation', () => {
  it('a refresh token issued before a deactivation is refused after the reactivation', async () => {
    await app.user('paused@sessions.test', { password: 'paused-password-1' });
    const session = await login('paused@sessions.test', 'paused-password-1');
    for (const is_active of [false, true]) {
      const res = await app.call('PATCH', '/users/paused@sessions.test', {
        token: admin,
        body: { is_active },
      });
      expect(res.status).toBe(200);
    }
    await expectSessionEnded(session.body);
    const again = await login('paused@sessions.test', 'paused-password-1');
    expect((await refresh(again.body.refresh_token)).status).toBe(200);
  });
});
