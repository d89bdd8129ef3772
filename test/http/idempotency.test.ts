// Idempotency-Key on the API (docs/api-conventions.md, "Idempotency-Key"): a repeated POST, PUT, PATCH
// or DELETE by the same principal gets the first answer back and is not applied again.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openFirstStatements } from '../../src/db/sql.js';
import { fingerprint } from '../../src/idempotency/key.js';
import { claimKey, deleteExpired, STORE_ANSWERS } from '../../src/idempotency/store.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import { eventually } from '../support/eventually.js';
import { expectProblem } from '../foundation/fixtures.js';
import { generatedManifest } from '../plugins/fixtures.js';

let app: TestApp;
let admin: string;
let other: string;

const withKey = (key: string, token = admin) => ({ token, headers: { 'idempotency-key': key } });
const orgCount = async (slug: string) =>
  (await app.runtime.core.sql.one<{ n: number }>(
    `SELECT count(*)::int AS n FROM graph_keys WHERE namespace = 'Organization.slug' AND key = $1`,
    [slug],
  ))!.n;
const rows = async (key: string) =>
  app.runtime.core.sql.query<{ principal: string; status: number | null; body: string | null }>(
    `SELECT principal, status, body FROM idempotency_keys WHERE key = $1`,
    [key],
  );

beforeAll(async () => {
  app = await startTestApp();
  admin = await app.adminToken();
  other = await app.user('other-admin@example.com', { admin: true });
});
afterAll(() => app.close());

describe('Idempotency-Key', () => {
  it('a repeated POST creates once and answers the first answer again', async () => {
    const key = randomUUID();
    const body = { slug: 'idem-once', name: 'Once' };
    const first = await app.call('POST', '/organizations', { ...withKey(key), body });
    expect(first.status).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await app.call('POST', '/organizations', { ...withKey(key), body });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await orgCount('idem-once')).toBe(1);
    // Without the key, the same request is applied (and refused: the slug is taken).
    expectProblem(await app.call('POST', '/organizations', { token: admin, body }), 409, 'conflict');
  });

  it('answers of many requests at once are stored together, each under its own key', async () => {
    // Forty organizations created at once, each with a key: their answers are stored in batches (one
    // statement for the answers that arrive while another is on its way); each repeat must get back
    // its own request's answer, not a neighbour's.
    const created = Array.from({ length: 40 }, (_, i) => ({ key: randomUUID(), slug: `idem-many-${i}` }));
    const firsts = await Promise.all(
      created.map((c) =>
        app.call('POST', '/organizations', { ...withKey(c.key), body: { slug: c.slug, name: c.slug } }),
      ),
    );
    expect(firsts.map((r) => r.status)).toEqual(created.map(() => 201));
    const stored = await app.runtime.core.sql.query<{ key: string; status: number; owner: string | null }>(
      `SELECT key, status, owner FROM idempotency_keys WHERE key = ANY($1::text[])`,
      [created.map((c) => c.key)],
    );
    expect(stored).toHaveLength(40);
    expect(stored.every((r) => r.status === 201 && r.owner === null)).toBe(true);
    const again = await Promise.all(
      created.map((c) =>
        app.call('POST', '/organizations', { ...withKey(c.key), body: { slug: c.slug, name: c.slug } }),
      ),
    );
    expect(again.map((r) => r.headers['idempotent-replayed'])).toEqual(created.map(() => 'true'));
    expect(again.map((r) => (r.body as { slug: string }).slug)).toEqual(created.map((c) => c.slug));
    expect(again.map((r) => r.body)).toEqual(firsts.map((r) => r.body));
  });

  it('the same key with another body is 422 naming the header; nothing applied', async () => {
    const key = randomUUID();
    await app.call('POST', '/organizations', { ...withKey(key), body: { slug: 'idem-a', name: 'A' } });
    const res = await app.call('POST', '/organizations', {
      ...withKey(key),
      body: { slug: 'idem-b', name: 'B' },
    });
    expectProblem(res, 422, 'idempotency_key_reused');
    expect(res.body.errors).toEqual([
      expect.objectContaining({ pointer: '/idempotency-key', in: 'headers' }),
    ]);
    expect(await orgCount('idem-b')).toBe(0);
    // Another path with the same key is another request too.
    expectProblem(
      await app.call('PATCH', '/organizations/idem-a', { ...withKey(key), body: { name: 'A2' } }),
      422,
      'idempotency_key_reused',
    );
  });

  it('keys are per principal: another caller with the same key is applied on its own', async () => {
    const key = randomUUID();
    const mine = await app.call('POST', '/organizations', {
      ...withKey(key),
      body: { slug: 'idem-mine', name: 'M' },
    });
    const theirs = await app.call('POST', '/organizations', {
      ...withKey(key, other),
      body: { slug: 'idem-theirs', name: 'T' },
    });
    expect([mine.status, theirs.status]).toEqual([201, 201]);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect((await rows(key)).map((r) => r.principal).sort()).toEqual([
      'User.email:admin@example.com',
      'User.email:other-admin@example.com',
    ]);
  });

  it('a 4xx answer is kept too: a repeated DELETE of a missing resource answers the same 404', async () => {
    const key = randomUUID();
    expectProblem(await app.call('DELETE', '/organizations/idem-later', withKey(key)), 404);
    await app.call('POST', '/organizations', { token: admin, body: { slug: 'idem-later', name: 'L' } });
    const again = await app.call('DELETE', '/organizations/idem-later', withKey(key));
    expectProblem(again, 404);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await orgCount('idem-later')).toBe(1);
  });

  it('two requests at once: one is applied, the other waits (409) or gets the first answer', async () => {
    const key = randomUUID();
    const body = { slug: 'idem-race', name: 'Race' };
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => app.call('POST', '/organizations', { ...withKey(key), body })),
    );
    const fresh = answers.filter((a) => a.status === 201 && !a.headers['idempotent-replayed']);
    expect(fresh).toHaveLength(1);
    for (const a of answers) {
      if (a.status === 409) {
        expectProblem(a, 409, 'idempotency_key_in_use');
        expect(a.headers['retry-after']).toBe('1');
      } else expect(a.status).toBe(201);
    }
    expect(await orgCount('idem-race')).toBe(1);
  });

  it('while the first request is in flight a repeat is 409; after its lease ends the repeat runs', async () => {
    const key = randomUUID();
    const body = { slug: 'idem-flight', name: 'F' };
    const principal = 'User.email:admin@example.com';
    const print = fingerprint('POST', '/organizations', body);
    const claim = { principal, key, fingerprint: print, owner: randomUUID(), ttlMs: 60_000 };
    expect(await claimKey(app.runtime.core.sql, { ...claim, leaseMs: 60_000 })).toBe(true);
    expectProblem(
      await app.call('POST', '/organizations', { ...withKey(key), body }),
      409,
      'idempotency_key_in_use',
    );
    expect(await orgCount('idem-flight')).toBe(0);
    // The process that held it stopped: once the lease is over, the repeat is applied.
    await app.runtime.core.sql.query(
      `UPDATE idempotency_keys SET lease_until = now() - interval '1 second' WHERE key = $1`,
      [key],
    );
    expect((await app.call('POST', '/organizations', { ...withKey(key), body })).status).toBe(201);
    expect(await orgCount('idem-flight')).toBe(1);
  });

  it('the key is taken in the transaction that makes the change: both commit together', async () => {
    const key = randomUUID();
    const body = { slug: 'idem-atomic', name: 'A' };
    expect((await app.call('POST', '/organizations', { ...withKey(key), body })).status).toBe(201);
    // now() is the transaction's start: the same instant for the key and the organization means one
    // transaction (a separate statement before it would have started earlier).
    const [row] = await app.runtime.core.sql.query<{ same: boolean; lease: Date | null }>(
      `SELECT k.created_at = n.created_at AS same, k.lease_until AS lease
         FROM idempotency_keys k, graph_nodes n
        WHERE k.key = $1 AND n.label = 'Organization' AND n.props->>'slug' = 'idem-atomic'`,
      [key],
    );
    expect(row).toEqual({ same: true, lease: null });
    // A request whose transaction rolls back (the slug is taken: 409) leaves no key taken by it; its
    // 4xx answer is kept on its own.
    const again = randomUUID();
    expectProblem(await app.call('POST', '/organizations', { ...withKey(again), body }), 409, 'conflict');
    const replay = await app.call('POST', '/organizations', { ...withKey(again), body });
    expectProblem(replay, 409, 'conflict');
    expect(replay.headers['idempotent-replayed']).toBe('true');
  });

  it('one comment for many requests at once with one key', async () => {
    // Nothing stops a comment being made twice but the key: the requests that find it taken as their
    // transaction begins wait for the first one's to end, and are answered with the first answer (or
    // told to retry while it is being stored); none of them applies the change.
    await app.call('POST', '/organizations', { token: admin, body: { slug: 'idem-c', name: 'C' } });
    await app.call('POST', '/organizations/idem-c/teams', { token: admin, body: { slug: 't', name: 'T' } });
    await app.call('POST', '/organizations/idem-c/projects', {
      token: admin,
      body: { slug: 'p', name: 'P', team: 't' },
    });
    const path = '/organizations/idem-c/projects/p/comments';
    for (let round = 0; round < 5; round++) {
      const key = randomUUID();
      const answers = await Promise.all(
        Array.from({ length: 8 }, () =>
          app.call('POST', path, { ...withKey(key), body: { body: `r${round}` } }),
        ),
      );
      const fresh = answers.filter((a) => a.status === 201 && !a.headers['idempotent-replayed']);
      expect(fresh, JSON.stringify(answers.map((a) => [a.status, a.body]))).toHaveLength(1);
      for (const a of answers) {
        if (a.status === 409) expectProblem(a, 409, 'idempotency_key_in_use');
        else expect(a.body).toEqual(fresh[0]!.body);
      }
    }
    const listed = await app.call('GET', `${path}?limit=100`, { token: admin });
    const bodies = (listed.body as Array<{ body: string }>).map((c) => c.body).sort();
    expect(bodies).toEqual(['r0', 'r1', 'r2', 'r3', 'r4']);
  });

  it('requests with a key close their context once answered, whatever the answer', async () => {
    // The context that carries a key to the route's first statement is switched off once none is open
    // (test/db/sql.test.ts): on Node 20 and 22 it tracks every promise of the process while it is on.
    const key = randomUUID();
    const body = { slug: 'idem-context', name: 'Context' };
    const answers = await Promise.all([
      app.call('POST', '/organizations', { ...withKey(key), body }),
      app.call('POST', '/organizations', { ...withKey(key), body }),
      app.call('POST', '/organizations', { ...withKey(key), body: { ...body, name: 'Other' } }),
      app.call('DELETE', '/organizations/idem-context-missing', withKey(randomUUID())),
      app.call('POST', '/organizations', { ...withKey('no\u0001good'), body }),
    ]);
    expect(answers.map((a) => a.status)).toEqual(expect.arrayContaining([201, 400, 404]));
    expect(await orgCount('idem-context')).toBe(1);
    expect(openFirstStatements()).toBe(0);
    // The next request with a key opens one again, and is applied under its key.
    const nextKey = randomUUID();
    const next = await app.call('POST', '/organizations', {
      ...withKey(nextKey),
      body: { slug: 'idem-context-next', name: 'Next' },
    });
    expect(next.status).toBe(201);
    expect(await rows(nextKey)).toEqual([expect.objectContaining({ status: 201 })]);
    expect(openFirstStatements()).toBe(0);
  });

  it('two requests at once with one key and different bodies: one is applied, the other is 422 or 409', async () => {
    await app.call('POST', '/organizations', { token: admin, body: { slug: 'idem-d', name: 'D' } });
    const key = randomUUID();
    const answers = await Promise.all(
      ['idem-d1', 'idem-d2', 'idem-d3'].map((slug) =>
        app.call('POST', '/organizations/idem-d/teams', { ...withKey(key), body: { slug, name: slug } }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 201)) {
      expect([409, 422]).toContain(a.status);
      expect(a.body.errors[0]).toMatchObject({ pointer: '/idempotency-key', in: 'headers' });
    }
    const teams = await app.call('GET', '/organizations/idem-d/teams', { token: admin });
    expect(teams.body).toHaveLength(1);
  });

  it('a change applied whose answer was lost (the process stopped in between) is never applied again', async () => {
    const key = randomUUID();
    const body = { slug: 'idem-lost', name: 'L' };
    const principal = 'User.email:admin@example.com';
    const sql = app.runtime.core.sql;
    // What a process killed between the route's commit and storing the answer leaves: the key taken in
    // the transaction (no lease), no answer.
    const taken = async (age: string) =>
      sql.query(
        `INSERT INTO idempotency_keys (principal, key, fingerprint, owner, created_at, expires_at)
         VALUES ($1, $2, $3, gen_random_uuid(), now() - $4::interval, now() + interval '1 hour')
         ON CONFLICT (principal, key) DO UPDATE SET created_at = EXCLUDED.created_at`,
        [principal, key, fingerprint('POST', '/organizations', body), age],
      );
    await taken('1 second');
    const soon = await app.call('POST', '/organizations', { ...withKey(key), body });
    expectProblem(soon, 409, 'idempotency_key_in_use');
    expect(soon.headers['retry-after']).toBe('1');
    // Long after (past the request timeout + 30 s), it says so, and still applies nothing.
    await taken('10 minutes');
    const late = await app.call('POST', '/organizations', { ...withKey(key), body });
    expectProblem(late, 409, 'idempotency_answer_lost');
    expect(late.headers['retry-after']).toBeUndefined();
    expect(await orgCount('idem-lost')).toBe(0);
    // The same key with another body is still 422.
    expectProblem(
      await app.call('POST', '/organizations', { ...withKey(key), body: { ...body, name: 'X' } }),
      422,
      'idempotency_key_reused',
    );
  });

  it('the answers are stored without waiting for a flush: synchronous_commit off for their own transaction only', async () => {
    const client = await app.runtime.core.sql.pool.connect();
    const show = async () => (await client.query('SHOW synchronous_commit')).rows[0].synchronous_commit;
    const args = [['User.email:nobody@example.com'], ['k'], [randomUUID()], ['f'], [201], ['{}'], [null]];
    try {
      await client.query(STORE_ANSWERS, args);
      expect(await show()).toBe('on');
      await client.query('BEGIN');
      await client.query(STORE_ANSWERS, args);
      expect(await show()).toBe('off');
      await client.query('ROLLBACK');
      expect(await show()).toBe('on');
    } finally {
      client.release();
    }
  });

  it('a key expires after 24 hours: the same request is then applied again', async () => {
    const key = randomUUID();
    const body = { slug: 'idem-expiry', name: 'E' };
    expect((await app.call('POST', '/organizations', { ...withKey(key), body })).status).toBe(201);
    const [row] = await app.runtime.core.sql.query<{ hours: number }>(
      `SELECT round(extract(epoch FROM expires_at - created_at) / 3600)::int AS hours FROM idempotency_keys WHERE key = $1`,
      [key],
    );
    expect(row!.hours).toBe(24);
    await app.runtime.core.sql.query(
      `UPDATE idempotency_keys SET expires_at = now() - interval '1 second' WHERE key = $1`,
      [key],
    );
    // Applied again: the slug is taken now.
    expectProblem(await app.call('POST', '/organizations', { ...withKey(key), body }), 409, 'conflict');
  });

  it('expired keys are deleted in bounded batches as keys are written', async () => {
    const sql = app.runtime.core.sql;
    await sql.query(
      `INSERT INTO idempotency_keys (principal, key, fingerprint, expires_at)
       SELECT 'User.email:gone@example.com', 'k' || i, 'x', now() - interval '1 hour' FROM generate_series(1, 30) i`,
    );
    expect(await deleteExpired(sql, 10)).toBe(10);
    // Every 100th key a process claims deletes up to 1,000 expired ones.
    for (let i = 0; i < 100; i++) {
      await app.call('PATCH', '/organizations/idem-nowhere', {
        ...withKey(`prune-${i}`),
        body: { name: 'x' },
      });
    }
    const left = async () =>
      (await sql.one<{ n: number }>(
        `SELECT count(*)::int AS n FROM idempotency_keys WHERE principal = 'User.email:gone@example.com'`,
      ))!.n;
    await eventually(async () => (await left()) === 0);
    expect(await left()).toBe(0);
  });

  it('a malformed key is 400 naming the header, and nothing is applied', async () => {
    for (const key of ['x'.repeat(256), '""', 'caf\u00e9']) {
      const res = await app.call('POST', '/organizations', {
        ...withKey(key),
        body: { slug: 'idem-bad', name: 'B' },
      });
      expectProblem(res, 400, 'invalid_idempotency_key');
      expect(res.body.errors[0]).toMatchObject({ pointer: '/idempotency-key', in: 'headers' });
    }
    expect(await orgCount('idem-bad')).toBe(0);
    // The draft's quoted form and a 255-character key are taken.
    const quoted = await app.call('POST', '/organizations', {
      ...withKey(`"${'q'.repeat(255)}"`),
      body: { slug: 'idem-quoted', name: 'Q' },
    });
    expect(quoted.status).toBe(201);
  });

  it('GET and public routes (sign-in) ignore the header: nothing is stored', async () => {
    const key = randomUUID();
    expect((await app.call('GET', '/organizations', withKey(key))).status).toBe(200);
    const login = async () =>
      app.call('POST', '/auth/login', {
        headers: { 'idempotency-key': key },
        body: { email: 'other-admin@example.com', password: 'wrong-password-here' },
      });
    expect((await login()).status).toBe(401);
    expect((await login()).headers['idempotent-replayed']).toBeUndefined();
    expect(await rows(key)).toEqual([]);
    // Without a token an authenticated route is 401 first, whatever the key.
    expectProblem(await app.call('POST', '/organizations', { headers: { 'idempotency-key': key } }), 401);
  });

  it('routes registered inside a domain plugin carry the key too (a plugin entity: POST, DELETE)', async () => {
    // The hooks go on each route whose method the key guards as it is added, wherever it is added.
    const plugin = generatedManifest('idem-plugin', 'Ip', 2);
    await app.call('POST', '/admin/plugins', { token: admin, body: { manifest: plugin.manifest } });
    const base = '/admin/plugins/idem-plugin/entities/IpService';
    const key = randomUUID();
    const first = await app.call('POST', base, { ...withKey(key), body: plugin.document(1) });
    expect(first.status).toBe(201);
    const again = await app.call('POST', base, { ...withKey(key), body: plugin.document(1) });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    const listed = await app.call('GET', base, { token: admin });
    expect(listed.body).toHaveLength(1);
    const id = (first.body as { id: string }).id;
    const deleteKey = randomUUID();
    expect((await app.call('DELETE', `${base}/${id}`, withKey(deleteKey))).status).toBe(204);
    const deletedAgain = await app.call('DELETE', `${base}/${id}`, withKey(deleteKey));
    expect(deletedAgain.status).toBe(204);
    expect(deletedAgain.headers['idempotent-replayed']).toBe('true');
  });

  it('a stored answer that carries a secret is sealed at rest; the replay returns it', async () => {
    await app.call('POST', '/service-accounts', {
      token: admin,
      body: { slug: 'idem-sa', display_name: 'S' },
    });
    const key = randomUUID();
    const path = '/service-accounts/idem-sa/client-credentials';
    const first = await app.call('POST', path, { ...withKey(key), body: { name: 'c1' } });
    expect(first.status).toBe(201);
    const secret = first.body.client_secret as string;
    expect(secret.length).toBeGreaterThan(10);
    const [row] = await rows(key);
    expect(row!.body).toMatch(/^sealed:/);
    expect(row!.body).not.toContain(secret);
    const again = await app.call('POST', path, { ...withKey(key), body: { name: 'c1' } });
    expect(again.body.client_secret).toBe(secret);
    const creds = await app.call('GET', '/service-accounts/idem-sa/client-credentials', { token: admin });
    expect(creds.body).toHaveLength(1);
  });
});
