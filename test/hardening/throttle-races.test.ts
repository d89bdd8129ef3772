// The sign-in throttle under concurrency and hostile identifiers (docs/input-hardening.md): a password
// attempt is counted before it is checked, so attempts in flight cannot slip past the limit; a
// credential Keel issued (client secret, refresh token, signed token) is checked first and only its
// failures are counted, so legitimate grants write nothing; keys stay small whatever a client_id
// holds; a success clears only the identity that authenticated; and a wrong current_password is
// throttled like a wrong password at sign-in.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THROTTLE_TEST_ENV, tokenFrom } from '../support/throttle-env.js';
import { eventually } from '../support/eventually.js';
import { startTestApp, type TestApp } from '../support/harness.js';

let app: TestApp;
let admin: string;
beforeAll(async () => {
  app = await startTestApp({ env: THROTTLE_TEST_ENV });
  admin = await app.user('admin@races.test', { admin: true });
});
afterAll(() => app?.close());

const login = (email: string, password: string, address: string) =>
  app.api.inject({
    method: 'POST',
    url: '/auth/login',
    remoteAddress: address,
    payload: { email, password },
  });

const token = (form: Record<string, string>, address: string, headers: Record<string, string> = {}) =>
  tokenFrom(app, address, form, headers);

const basic = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;

/** A service account with one client credential: its client_id and secret. */
async function credential(slug: string): Promise<{ client_id: string; client_secret: string }> {
  const sa = await app.call('POST', '/service-accounts', {
    token: admin,
    body: { slug, display_name: slug },
  });
  expect(sa.status, sa.text).toBe(201);
  const cred = await app.call('POST', `/service-accounts/${slug}/client-credentials`, {
    token: admin,
    body: { name: 'ci' },
  });
  expect(cred.status, cred.text).toBe(201);
  return cred.body;
}

/**
 * Counts every row written to auth_throttle from now on, by a sequence (which no transaction holds
 * back); `stop` drops the counting.
 */
async function countRowWrites() {
  const { sql } = app.runtime.core;
  await sql.query(`
    CREATE SEQUENCE throttle_row_writes;
    CREATE FUNCTION count_throttle_row_write() RETURNS trigger LANGUAGE plpgsql
      AS $$ BEGIN PERFORM nextval('throttle_row_writes'); RETURN NULL; END $$;
    CREATE TRIGGER throttle_row_writes AFTER INSERT OR UPDATE ON auth_throttle
      FOR EACH ROW EXECUTE FUNCTION count_throttle_row_write();`);
  return {
    writes: async () =>
      Number(
        (await sql.one<{ n: string }>(
          `SELECT CASE WHEN is_called THEN last_value ELSE 0 END AS n FROM throttle_row_writes`,
        ))!.n,
      ),
    stop: () =>
      sql.query(`
        DROP TRIGGER IF EXISTS throttle_row_writes ON auth_throttle;
        DROP FUNCTION IF EXISTS count_throttle_row_write();
        DROP SEQUENCE IF EXISTS throttle_row_writes;`),
  };
}

const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((t, s) => ({ ...t, [s]: (t[s] ?? 0) + 1 }), {});

describe('attempts in flight are counted before they are checked', () => {
  it('40 concurrent wrong passwords from one address: at most 5 are checked, the rest are 429', async () => {
    await app.user('crowd@races.test', { password: 'crowd-password-long-1' });
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => login('crowd@races.test', `wrong-password-${i}-xx`, '10.10.0.1')),
    );
    const statuses = answers.map((a) => a.statusCode);
    const counts = tally(statuses);
    expect(Object.keys(counts).sort(), JSON.stringify(counts)).toEqual(['401', '429']);
    expect(counts[401]).toBeLessThanOrEqual(5);
    expect(counts[429]).toBeGreaterThanOrEqual(35);
    for (const refused of answers.filter((a) => a.statusCode === 429))
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // The attack cannot lock the owner out: from an address that took no part in it, they sign in.
    expect((await login('crowd@races.test', 'crowd-password-long-1', '10.10.0.2')).statusCode).toBe(200);
  });

  it('40 concurrent wrong client secrets: at most 5 are answered 401, the rest 429; the client is not locked out', async () => {
    const cred = await credential('crowd-sa');
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        token(
          { grant_type: 'client_credentials', client_id: cred.client_id, client_secret: 'wrong-secret' },
          '10.11.0.1',
        ),
      ),
    );
    const counts = tally(answers.map((a) => a.statusCode));
    expect(Object.keys(counts).sort(), JSON.stringify(counts)).toEqual(['401', '429']);
    expect(counts[401]).toBeLessThanOrEqual(5);
    const right = await token(
      { grant_type: 'client_credentials', client_id: cred.client_id, client_secret: cred.client_secret },
      // (10.11.0.1 is past its own limit of 20 failures: the next test shows that refusal.)
      '10.11.0.2',
    );
    expect(right.statusCode, right.body).toBe(200);
  });

  it('concurrent successes are not refused', async () => {
    const cred = await credential('busy-sa');
    const grants = await Promise.all(
      Array.from({ length: 12 }, () =>
        token(
          { grant_type: 'client_credentials', client_id: cred.client_id, client_secret: cred.client_secret },
          '10.18.0.1',
        ),
      ),
    );
    expect(tally(grants.map((g) => g.statusCode))).toEqual({ 200: 12 });
    await app.user('busy@races.test', { password: 'busy-password-long-1' });
    const logins = await Promise.all(
      Array.from({ length: 8 }, () => login('busy@races.test', 'busy-password-long-1', '10.18.0.2')),
    );
    expect(tally(logins.map((l) => l.statusCode))).toEqual({ 200: 8 });
  });

  it('attempts waiting for those in flight do not write the counters while they wait, and all go in', async () => {
    await app.user('queued@races.test', { password: 'queued-password-long-1' });
    const { sql } = app.runtime.core;
    const { writes, stop } = await countRowWrites();
    // Checking a password reads the user from graph_nodes: a lock that blocks reads of that table
    // holds the five attempts in flight in their check, so the other 25 wait for them.
    const blocker = await sql.pool.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('LOCK TABLE graph_nodes IN ACCESS EXCLUSIVE MODE');
      const logins = Promise.all(
        Array.from({ length: 30 }, () => login('queued@races.test', 'queued-password-long-1', '10.19.0.1')),
      );
      // All have arrived once each in flight has counted its three rows and each waiter has counted
      // and taken back its three.
      await eventually(async () => (await writes()) >= 5 * 3 + 25 * 6);
      const before = await writes();
      await new Promise((r) => setTimeout(r, 600));
      // Waiting writes nothing (0 row writes here). Counting itself again every 50 ms, each waiter
      // wrote three rows twice: the 25 waiters made 1,575 and 1,617 row writes in these 600 ms, in
      // two runs.
      expect((await writes()) - before).toBeLessThan(25);
      await blocker.query('COMMIT');
      expect(tally((await logins).map((g) => g.statusCode))).toEqual({ 200: 30 });
    } finally {
      await blocker.query('ROLLBACK').catch(() => {});
      blocker.release();
      await stop();
    }
  });

  it('16 concurrent grants of one client are issued at once: a client secret holds no place among attempts in flight', async () => {
    const cred = await credential('issuing-sa');
    const form = { grant_type: 'client_credentials', ...cred };
    // One grant first: the credential is then checked from the auth cache, without reading graph_nodes.
    expect((await token(form, '10.21.0.1')).statusCode).toBe(200);
    const { sql } = app.runtime.core;
    const blocker = await sql.pool.connect();
    try {
      await blocker.query('BEGIN');
      // Issuing writes graph_nodes: this lock holds every grant that got past its check.
      await blocker.query('LOCK TABLE graph_nodes IN SHARE MODE');
      const grants = Promise.all(Array.from({ length: 16 }, () => token(form, '10.21.0.1')));
      // More than 5 are issuing at once (as many as the pool's other connections allow), past the
      // limit of 5 password attempts in flight: an issued credential is checked before anything is
      // counted. When the whole grant was the attempt, 5 were held here and the rest waited.
      await eventually(async () => {
        // (A transaction keeps the activity it first read: the blocker's reads it afresh each time.)
        await blocker.query('SELECT pg_stat_clear_snapshot()');
        const row = await blocker.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE wait_event_type = 'Lock' AND query LIKE '%TokenMetadata%'`,
        );
        return row.rows[0]!.n > 5;
      });
      await blocker.query('COMMIT');
      expect(tally((await grants).map((g) => g.statusCode))).toEqual({ 200: 16 });
    } finally {
      await blocker.query('ROLLBACK').catch(() => {});
      blocker.release();
    }
  });

  it('attempts waiting on another replica go in once those in flight end here (they read the counters)', async () => {
    await app.user('replicated@races.test', { password: 'replicated-password-long-1' });
    const second = await startTestApp({ database: { url: app.url }, env: THROTTLE_TEST_ENV });
    const { sql } = app.runtime.core;
    const blocker = await sql.pool.connect();
    try {
      await blocker.query('BEGIN');
      // Checking a password reads the user from graph_nodes: this lock holds the attempts in their check.
      await blocker.query('LOCK TABLE graph_nodes IN ACCESS EXCLUSIVE MODE');
      // Five in flight here, held by the lock; then three on the second replica, which wait for them.
      // No attempt ends on the second replica, so nothing there wakes its waiters but their own reads.
      const signIn = () => ({
        method: 'POST' as const,
        url: '/auth/login',
        remoteAddress: '10.20.0.1',
        payload: { email: 'replicated@races.test', password: 'replicated-password-long-1' },
      });
      const here = Promise.all(Array.from({ length: 5 }, () => app.api.inject(signIn())));
      const pair = 'pair:replicated@races.test|10.20.0.1';
      await eventually(async () => {
        const row = await sql.one<{ pending: number }>(`SELECT pending FROM auth_throttle WHERE key = $1`, [
          pair,
        ]);
        return row?.pending === 5;
      });
      const there = Promise.all(Array.from({ length: 3 }, () => second.api.inject(signIn())));
      await new Promise((r) => setTimeout(r, 500));
      await blocker.query('COMMIT');
      const statuses = [...(await here), ...(await there)].map((g) => g.statusCode);
      expect(tally(statuses)).toEqual({ 200: 8 });
    } finally {
      await blocker.query('ROLLBACK').catch(() => {});
      blocker.release();
      await second.api.close();
      await second.runtime.close();
    }
  });

  it('10 concurrent OAuth login starts from one address: at most 3 get through', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        app.api.inject({ method: 'GET', url: '/auth/oauth/oidc/authorize', remoteAddress: '10.12.0.1' }),
      ),
    );
    const through = answers.filter((a) => a.statusCode !== 429);
    expect(through.length, JSON.stringify(tally(answers.map((a) => a.statusCode)))).toBeLessThanOrEqual(3);
  });
});

describe('POST /auth/token: what a request names cannot break or reset the counters', () => {
  it('a 3,000-character client_id fails authentication (4xx, not 500) and counts like any failure', async () => {
    // Random, so PostgreSQL cannot compress it under the 2,704 bytes a btree index entry may take.
    const long = randomBytes(2250).toString('base64url');
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await token(
        { grant_type: 'client_credentials', client_id: long, client_secret: 'wrong-secret' },
        '10.13.0.1',
      );
      statuses.push(res.statusCode);
    }
    for (let i = 0; i < 3; i++) {
      const res = await token({ grant_type: 'client_credentials' }, '10.13.0.1', {
        authorization: basic(long, 'wrong-secret'),
      });
      statuses.push(res.statusCode);
    }
    // It names no credential: 401 invalid_client, and the sixth is refused like any sixth failure.
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    expect(app.logs.join('\n')).not.toContain('index row size');
  });

  it('a refresh naming a client (in the body or HTTP Basic) does not clear that client’s failures', async () => {
    const cred = await credential('reset-sa');
    await app.user('refresher@races.test', { password: 'refresher-password-long-1' });
    const signedIn = await login('refresher@races.test', 'refresher-password-long-1', '10.14.0.9');
    let refresh = JSON.parse(signedIn.body).refresh_token as string;
    const wrong: number[] = [];
    const refreshes: number[] = [];
    for (let round = 0; round < 4; round++) {
      for (let i = 0; i < 4; i++) {
        const res = await token(
          { grant_type: 'client_credentials', client_id: cred.client_id, client_secret: `wrong-${i}` },
          '10.14.0.1',
        );
        wrong.push(res.statusCode);
      }
      const named =
        round % 2 === 0
          ? await token(
              { grant_type: 'refresh_token', refresh_token: refresh, client_id: cred.client_id },
              '10.14.0.1',
            )
          : await token({ grant_type: 'refresh_token', refresh_token: refresh }, '10.14.0.1', {
              authorization: basic(cred.client_id, 'anything'),
            });
      refreshes.push(named.statusCode);
      if (named.statusCode === 200) refresh = JSON.parse(named.body).refresh_token;
    }
    // The first refresh went through (the trick was tried); the sixth wrong secret is refused.
    expect(refreshes[0]).toBe(200);
    expect(wrong.slice(0, 5), String(wrong)).toEqual([401, 401, 401, 401, 401]);
    expect(new Set(wrong.slice(5)), String(wrong)).toEqual(new Set([429]));
  });

  it('a right client secret is taken after its client’s failures, and clears none of them', async () => {
    const cred = await credential('cleared-sa');
    const grant = (secret: string) =>
      token(
        { grant_type: 'client_credentials', client_id: cred.client_id, client_secret: secret },
        '10.15.0.1',
      );
    for (let i = 0; i < 4; i++) expect((await grant('wrong-secret')).statusCode).toBe(401);
    expect((await grant(cred.client_secret)).statusCode).toBe(200);
    expect((await grant('wrong-secret')).statusCode).toBe(401);
    expect((await grant('wrong-secret')).statusCode).toBe(429);
    expect((await grant(cred.client_secret)).statusCode).toBe(200);
  });
});

describe('POST /auth/token: an issued credential is checked before anything is counted', () => {
  it('grants with right credentials write nothing to the counters', async () => {
    const cred = await credential('quiet-sa');
    await app.user('quiet@races.test', { password: 'quiet-password-long-1' });
    const signedIn = await login('quiet@races.test', 'quiet-password-long-1', '10.22.0.1');
    const { writes, stop } = await countRowWrites();
    try {
      const form = { grant_type: 'client_credentials', ...cred };
      const grants = await Promise.all(Array.from({ length: 20 }, () => token(form, '10.22.0.1')));
      expect(tally(grants.map((g) => g.statusCode))).toEqual({ 200: 20 });
      const refresh = JSON.parse(signedIn.body).refresh_token as string;
      const rotated = await token({ grant_type: 'refresh_token', refresh_token: refresh }, '10.22.0.1');
      expect(rotated.statusCode, rotated.body).toBe(200);
      expect(await writes()).toBe(0);
      // A failure is one statement: three rows (the address, the client, the pair).
      expect((await token({ ...form, client_secret: 'wrong-secret' }, '10.22.0.1')).statusCode).toBe(401);
      expect(await writes()).toBe(3);
    } finally {
      await stop();
    }
  });

  it('an address past its failures is refused before any check, and its attempts write nothing more', async () => {
    const cred = await credential('flooded-sa');
    const wrong = (i: number) =>
      token(
        { grant_type: 'client_credentials', client_id: `nobody-${i}`, client_secret: 'wrong-secret' },
        '10.23.0.1',
      );
    // Twenty failures on twenty clients are the address's limit; the twenty-first is refused.
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await wrong(i)).statusCode);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(statuses[20]).toBe(429);
    const { writes, stop } = await countRowWrites();
    try {
      for (let i = 21; i < 31; i++) expect((await wrong(i)).statusCode).toBe(429);
      // Even the right secret, from that address (as a password is: docs/input-hardening.md).
      const right = await token({ grant_type: 'client_credentials', ...cred }, '10.23.0.1');
      expect(right.statusCode).toBe(429);
      expect(Number(right.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(await writes()).toBe(0);
      // Another address is not refused.
      expect((await token({ grant_type: 'client_credentials', ...cred }, '10.23.0.2')).statusCode).toBe(200);
    } finally {
      await stop();
    }
  });
});

describe('PATCH /users/{self}: a wrong current_password is throttled like a wrong password', () => {
  const patch = (bearer: string, current: string, address: string) =>
    app.api.inject({
      method: 'PATCH',
      url: '/users/stolen@races.test',
      remoteAddress: address,
      headers: { authorization: `Bearer ${bearer}` },
      payload: { password: 'brand-new-password-long-2', current_password: current },
    });

  it('the sixth wrong guess on is 429 with Retry-After; the owner elsewhere still changes it', async () => {
    const stolen = await app.user('stolen@races.test', { password: 'stolen-password-long-1' });
    const answers = [];
    for (let i = 0; i < 12; i++) answers.push(await patch(stolen, `guess-${i}-long-enough`, '10.16.0.1'));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.slice(0, 5), String(statuses)).toEqual([403, 403, 403, 403, 403]);
    expect(new Set(statuses.slice(5)), String(statuses)).toEqual(new Set([429]));
    const refused = answers[11]!;
    expect(JSON.parse(refused.body).code).toBe('too_many_attempts');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // Even the right password is refused from the guessing address, and not from the owner's.
    expect((await patch(stolen, 'stolen-password-long-1', '10.16.0.1')).statusCode).toBe(429);
    const owner = await patch(stolen, 'stolen-password-long-1', '10.16.0.2');
    expect(owner.statusCode, owner.body).toBe(200);
  });

  it('concurrent wrong guesses: at most 5 are checked', async () => {
    const bearer = await app.user('stolen2@races.test', { password: 'stolen2-password-long-1' });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        app.api.inject({
          method: 'PATCH',
          url: '/users/stolen2@races.test',
          remoteAddress: '10.17.0.1',
          headers: { authorization: `Bearer ${bearer}` },
          payload: { password: 'brand-new-password-long-2', current_password: `guess-${i}-long-enough` },
        }),
      ),
    );
    const counts = tally(answers.map((a) => a.statusCode));
    expect(Object.keys(counts).sort(), JSON.stringify(counts)).toEqual(['403', '429']);
    expect(counts[403]).toBeLessThanOrEqual(5);
  });
});
