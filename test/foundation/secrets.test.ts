// Issue 2, section 7: no response and no log line ever carries a password, a password hash, a client
// secret (except the one 201 that shows it once) or the private signing key. One scenario, logged at
// trace level, then the whole transcript (every response with its headers, every log line) is searched.
import { createPrivateKey } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../src/crypto/tokens.js';
import { startTestApp, type Res, type TestApp } from '../support/harness.js';

const PASSWORDS = {
  bootstrap: 'boot-Secret-pw-0001',
  alice: 'alice-Secret-pw-0001',
  aliceNew: 'alice-Secret-pw-0002',
  wrong: 'wrong-Secret-pw-0003',
  tooShort: 'Short-1',
  bob: 'bob-Secret-pw-0004',
  malformed: 'malformed-Secret-pw-0005',
};

let app: TestApp;
/** The 201 responses that showed each client secret, and where they sit in the transcript. */
const shown: { secret: string; res: Res; index: number }[] = [];

async function call(method: string, path: string, opts: Parameters<TestApp['call']>[2] = {}) {
  return app.call(method, path, opts);
}

beforeAll(async () => {
  app = await startTestApp({
    env: {
      KEEL_LOG_LEVEL: 'trace',
      KEEL_BOOTSTRAP_ADMIN_EMAIL: 'boss@secrets.test',
      KEEL_BOOTSTRAP_ADMIN_PASSWORD: PASSWORDS.bootstrap,
    },
  });

  // Users with passwords: create, log in (right and wrong), change the password, malformed requests.
  const boss = (
    await call('POST', '/auth/login', { body: { email: 'boss@secrets.test', password: PASSWORDS.bootstrap } })
  ).body.access_token as string;
  await call('POST', '/users', {
    token: boss,
    body: { email: 'alice@secrets.test', password: PASSWORDS.alice },
  });
  await call('POST', '/users', {
    token: boss,
    body: { email: 'short@secrets.test', password: PASSWORDS.tooShort },
  });
  await call('POST', '/auth/login', { body: { email: 'alice@secrets.test', password: PASSWORDS.alice } });
  await call('POST', '/auth/login', { body: { email: 'alice@secrets.test', password: PASSWORDS.wrong } });
  await call('POST', '/auth/login', { body: { email: 'nobody@secrets.test', password: PASSWORDS.wrong } });
  await call('PATCH', '/users/alice@secrets.test', { token: boss, body: { password: PASSWORDS.aliceNew } });
  await call('PATCH', '/users/alice@secrets.test', { token: boss, body: { password: PASSWORDS.tooShort } });
  await call('POST', '/auth/login', { form: { email: 'alice@secrets.test', password: PASSWORDS.aliceNew } });
  await call('POST', '/auth/login', {
    body: `{"email":"alice@secrets.test","password":"${PASSWORDS.malformed}"`,
  });
  await call('POST', '/auth/login', {
    body: { email: 'alice@secrets.test', password: PASSWORDS.malformed, x: 1 },
  });
  await call('POST', '/users', {
    token: boss,
    body: { email: 'bob@secrets.test', password: PASSWORDS.bob, x: 1 },
  });
  await call('POST', '/users', { token: boss, body: { email: 'bob@secrets.test', password: PASSWORDS.bob } });
  await call('POST', '/users', { token: boss, body: { email: 'BOB@secrets.test', password: PASSWORDS.bob } });
  await call('GET', '/users', { token: boss });
  await call('GET', '/users/alice@secrets.test', { token: boss });

  // A service account and client credentials: shown once, then used every way the token endpoint allows.
  await call('POST', '/service-accounts', {
    token: boss,
    body: { slug: 'vault-bot', display_name: 'Vault bot' },
  });
  await call('PUT', '/service-accounts/vault-bot/roles/member', { token: boss });
  for (const name of ['first', 'second']) {
    const index = app.responses.length;
    const res = await call('POST', '/service-accounts/vault-bot/client-credentials', {
      token: boss,
      body: { name, scopes: ['user:read'] },
    });
    shown.push({ secret: res.body.client_secret, res, index });
  }
  const [first, second] = shown.map((s) => ({ id: s.res.body.client_id as string, secret: s.secret }));
  await call('POST', '/auth/token', {
    form: { grant_type: 'client_credentials', client_id: first!.id, client_secret: first!.secret },
  });
  await call('POST', '/auth/token', {
    body: {
      grant_type: 'client_credentials',
      client_id: second!.id,
      client_secret: second!.secret,
      scope: 'user:read',
    },
  });
  await call('POST', '/auth/token', {
    form: { grant_type: 'client_credentials' },
    headers: { authorization: `Basic ${Buffer.from(`${first!.id}:${first!.secret}`).toString('base64')}` },
  });
  await call('POST', '/auth/token', {
    form: {
      grant_type: 'client_credentials',
      client_id: first!.id,
      client_secret: first!.secret,
      scope: 'nope:nope',
    },
  });
  await call('POST', '/auth/token', {
    body: `{"grant_type":"client_credentials","client_secret":"${first!.secret}"`,
  });
  await call('POST', '/auth/token', {
    form: { grant_type: 'client_credentials', client_id: first!.id, client_secret: PASSWORDS.wrong },
  });
  await call('GET', '/service-accounts/vault-bot/client-credentials', { token: boss });
  await call('DELETE', `/service-accounts/vault-bot/client-credentials/${first!.id}`, { token: boss });
  await call('POST', '/auth/token', {
    form: { grant_type: 'client_credentials', client_id: first!.id, client_secret: first!.secret },
  });
  await call('GET', '/service-accounts/vault-bot/client-credentials', { token: boss });
  await call('GET', '/.well-known/jwks.json');

  // Something logged by the service itself with secret-named fields, at any depth the redaction covers.
  app.runtime.core.log.info(
    {
      password: PASSWORDS.alice,
      client_secret: first!.secret,
      user: { password_hash: '$argon2id$v=19$fake' },
    },
    'a careless log call',
  );
});
afterAll(() => app.close());

describe('no response and no log line carries a secret', () => {
  it('the scenario was logged at trace level and recorded', () => {
    expect(app.logs.length).toBeGreaterThan(30);
    expect(app.logs.some((l) => l.includes('request completed'))).toBe(true);
    expect(app.logs.some((l) => l.includes('a careless log call'))).toBe(true);
    expect(app.responses.length).toBeGreaterThan(25);
    expect(shown.every((s) => s.res.status === 201 && s.secret.length >= 32)).toBe(true);
  });

  it('no password, whether right, wrong, too short or in a malformed body', () => {
    const transcript = app.transcript();
    for (const [name, password] of Object.entries(PASSWORDS)) {
      expect(transcript.includes(password), `password ${name} leaked`).toBe(false);
    }
  });

  it('no password hash', async () => {
    const transcript = app.transcript();
    expect(transcript).not.toContain('$argon2id$');
    expect(transcript).not.toContain('$argon2');
    expect(app.logs.find((l) => l.includes('a careless log call'))).toContain('"password_hash":"[redacted]"');
    const hashes = await app.runtime.core.sql.query<{ h: string }>(
      `SELECT props->>'password_hash' AS h FROM graph_nodes WHERE label = 'User' AND props->>'password_hash' IS NOT NULL`,
    );
    expect(hashes.length).toBeGreaterThanOrEqual(3);
    for (const { h } of hashes) {
      expect(h.startsWith('$argon2id$')).toBe(true);
      expect(transcript).not.toContain(h.split('$').pop()!);
    }
  });

  it('a client secret appears exactly once: in the 201 response that created it', () => {
    for (const { secret, res, index } of shown) {
      const inResponses = app.responses.filter((r) => r.includes(secret));
      expect(inResponses).toEqual([app.responses[index]]);
      expect(JSON.parse(app.responses[index]!.split('\n').slice(1).join('\n'))).toMatchObject({
        client_id: res.body.client_id,
        client_secret: secret,
      });
      expect(app.logs.filter((l) => l.includes(secret))).toEqual([]);
      expect(app.transcript()).not.toContain(sha256(secret));
    }
  });

  it('credential lists carry no secret field', () => {
    const lists = app.responses.filter((r) => r.includes('"revoked_at"'));
    expect(lists.length).toBeGreaterThanOrEqual(2);
    for (const entry of lists) {
      const body = JSON.parse(entry.split('\n').slice(1).join('\n')) as Record<string, unknown>[];
      for (const c of body) {
        expect(Object.keys(c).sort()).toEqual([
          'client_id',
          'created_at',
          'expires_at',
          'name',
          'revoked_at',
          'scopes',
        ]);
      }
    }
  });

  it('no private key: neither the PEM, nor its private JWK part, nor the encryption keys', () => {
    const transcript = app.transcript();
    const settings = app.runtime.core.settings;
    const pem = settings.auth.jwtPrivateKey!;
    const body = pem.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, '');
    expect(body.length).toBeGreaterThan(40);
    expect(transcript).not.toContain(body);
    expect(transcript).not.toContain('PRIVATE KEY');
    const d = createPrivateKey(pem).export({ format: 'jwk' }).d!;
    expect(transcript).not.toContain(d);
    for (const key of [settings.auth.encryptionKey, settings.configEncryptionKey]) {
      expect(transcript).not.toContain(key!.toString('base64'));
    }
  });
});
