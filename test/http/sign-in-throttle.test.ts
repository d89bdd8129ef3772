// Failed sign-ins are throttled per account and per client address, in PostgreSQL (docs/input-hardening.md),
// and no attacker can use the throttle to keep the owner out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSettings, SettingsError } from '../../src/config/settings.js';
import { passwordProblem } from '../../src/crypto/password-policy.js';
import { TOKEN_EXCHANGE_GRANT } from '../../src/delegation/exchange.js';
import { consent, setupScheduler } from '../delegation/helpers.js';
import { THROTTLE_TEST_ENV, tokenFrom } from '../support/throttle-env.js';
import { startTestApp, testEnv, type TestApp } from '../support/harness.js';

let app: TestApp;
let admin: string;
beforeAll(async () => {
  app = await startTestApp({ env: THROTTLE_TEST_ENV });
  admin = await app.adminToken();
});
afterAll(() => app?.close());

const login = async (email: string, password: string, address: string) => {
  const res = await app.api.inject({
    method: 'POST',
    url: '/auth/login',
    remoteAddress: address,
    payload: { email, password },
  });
  return { status: res.statusCode, headers: res.headers, body: JSON.parse(res.body) };
};
/** The window of every counter ends now: what waiting Retry-After seconds would do. */
const windowEnds = () =>
  app.runtime.core.sql.query(`UPDATE auth_throttle SET window_start = window_start - interval '1 hour'`);

describe('POST /auth/login: failures are throttled per account and per address', () => {
  it('25 wrong passwords from one address: the sixth try on is 429 with Retry-After, even the right one', async () => {
    await app.user('victim@throttle.test', { password: 'victim-password-long-1' });
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++)
      statuses.push((await login('victim@throttle.test', `wrong-password-${i}-xx`, '10.0.0.1')).status);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(new Set(statuses.slice(5))).toEqual(new Set([429]));
    const right = await login('victim@throttle.test', 'victim-password-long-1', '10.0.0.1');
    expect(right.status).toBe(429);
    expect(right.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(right.body.code).toBe('too_many_attempts');
    const retry = Number(right.headers['retry-after']);
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(600);
    // The owner, from an address that took no part in the attack, signs in meanwhile.
    const owner = await login('victim@throttle.test', 'victim-password-long-1', '10.0.0.2');
    expect(owner.status, JSON.stringify(owner.body)).toBe(200);
    // After the window the attacker's address may try again (and the right password works).
    await windowEnds();
    expect((await login('victim@throttle.test', 'victim-password-long-1', '10.0.0.1')).status).toBe(200);
  });

  it('a distributed attack gets one guess per fresh address once the account is under attack', async () => {
    await app.user('spread@throttle.test', { password: 'spread-password-long-1' });
    for (let i = 0; i < 5; i++)
      expect((await login('spread@throttle.test', 'wrong-password-xx', `10.1.0.${i}`)).status).toBe(401);
    // Each address that already failed on the account is refused; a new one gets its answer.
    for (let i = 0; i < 5; i++)
      expect((await login('spread@throttle.test', 'wrong-password-xx', `10.1.0.${i}`)).status).toBe(429);
    expect((await login('spread@throttle.test', 'wrong-password-xx', '10.1.0.99')).status).toBe(401);
    expect((await login('spread@throttle.test', 'wrong-password-xx', '10.1.0.99')).status).toBe(429);
    expect((await login('spread@throttle.test', 'spread-password-long-1', '10.1.1.1')).status).toBe(200);
  });

  it('an address failing on many accounts is refused outright; other addresses are not', async () => {
    for (let i = 0; i < 20; i++)
      expect((await login(`nobody${i}@throttle.test`, 'wrong-password-xx', '10.2.0.1')).status).toBe(401);
    await app.user('office@throttle.test', { password: 'office-password-long-1' });
    expect((await login('office@throttle.test', 'office-password-long-1', '10.2.0.1')).status).toBe(429);
    expect((await login('office@throttle.test', 'office-password-long-1', '10.2.0.2')).status).toBe(200);
  });

  it('many people signing in from one address are never throttled: only failures count', async () => {
    for (let i = 0; i < 8; i++)
      await app.user(`staff${i}@throttle.test`, { password: 'staff-password-long-1' });
    for (let i = 0; i < 8; i++)
      expect((await login(`staff${i}@throttle.test`, 'staff-password-long-1', '10.3.0.1')).status).toBe(200);
  }, 120_000);

  it('the counters live in PostgreSQL, so a second replica on the same database agrees', async () => {
    await app.user('replica@throttle.test', { password: 'replica-password-long-1' });
    const second = await startTestApp({
      database: { url: app.url },
      env: { KEEL_AUTH_THROTTLE_ACCOUNT_FAILURES: '5', KEEL_AUTH_THROTTLE_WINDOW_SECONDS: '600' },
    });
    try {
      for (let i = 0; i < 5; i++) await login('replica@throttle.test', 'wrong-password-xx', '10.4.0.1');
      const res = await second.api.inject({
        method: 'POST',
        url: '/auth/login',
        remoteAddress: '10.4.0.1',
        payload: { email: 'replica@throttle.test', password: 'replica-password-long-1' },
      });
      expect(res.statusCode).toBe(429);
    } finally {
      await second.api.close();
      await second.runtime.close();
    }
  });
});

describe('POST /auth/token: failed grants are throttled too', () => {
  it('wrong client secrets: the sixth is 429 problem+json with Retry-After; the right secret is never refused for them', async () => {
    const sa = await app.call('POST', '/service-accounts', {
      token: admin,
      body: { slug: 'throttled-sa', display_name: 'Throttled' },
    });
    expect(sa.status, sa.text).toBe(201);
    const cred = await app.call('POST', '/service-accounts/throttled-sa/client-credentials', {
      token: admin,
      body: { name: 'ci' },
    });
    expect(cred.status, cred.text).toBe(201);
    const grant = (secret: string) =>
      tokenFrom(app, '10.5.0.1', {
        grant_type: 'client_credentials',
        client_id: cred.body.client_id,
        client_secret: secret,
      });
    for (let i = 0; i < 5; i++) expect((await grant('wrong-secret')).statusCode).toBe(401);
    const limited = await grant('wrong-secret');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(limited.headers['cache-control']).toBe('no-store');
    // A secret of 256 random bits is not guessed: the right one is checked before the counters and
    // is taken from the same address, under attack or not.
    expect((await grant(cred.body.client_secret)).statusCode).toBe(200);
    expect((await grant('wrong-secret')).statusCode).toBe(429);
    await windowEnds();
    expect((await grant('wrong-secret')).statusCode).toBe(401);
  });

  it('bad refresh tokens count against the address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) {
      const res = await tokenFrom(app, '10.6.0.1', {
        grant_type: 'refresh_token',
        refresh_token: `forged-${i}`,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429]);
  });
});

describe('POST /auth/token: a token exchange refused after its client authenticated is no guess', () => {
  it("an inactive user's exchanges do not count: the scheduler keeps its other users' exchanges and its own token", async () => {
    const cred = await setupScheduler(app);
    const token = (form: Record<string, string>) => tokenFrom(app, '10.9.0.1', form);
    const own = {
      grant_type: 'client_credentials',
      client_id: cred.clientId,
      client_secret: cred.clientSecret,
    };
    const scheduler = (await token(own)).json().access_token as string;
    await consent(app, await app.user('active-consenter@example.com'));
    await consent(app, await app.user('leaver@example.com'));
    const off = await app.call('PATCH', '/users/leaver@example.com', {
      token: admin,
      body: { is_active: false },
    });
    expect(off.status, off.text).toBe(200);
    const exchangeFor = (user: string) =>
      token({
        grant_type: TOKEN_EXCHANGE_GRANT,
        subject_token: scheduler,
        requested_subject: user,
        scope: 'service-api:*',
      });
    // More refusals than the address may fail (20): an inactive user, a user without a consent.
    for (let i = 0; i < 15; i++) {
      const refused = await exchangeFor('leaver@example.com');
      expect(refused.json()).toMatchObject({ error: 'invalid_grant' });
      expect((await exchangeFor('no-consent@example.com')).json()).toMatchObject({ error: 'invalid_grant' });
    }
    expect((await exchangeFor('active-consenter@example.com')).statusCode).toBe(200);
    expect((await token(own)).statusCode).toBe(200);
  });
});

describe('GET /auth/oauth/{slug}/authorize: login starts are limited per address', () => {
  it('past the limit: 429 with Retry-After, before anything is looked up or stored', async () => {
    const start = async (address: string) =>
      app.api.inject({ method: 'GET', url: '/auth/oauth/oidc/authorize', remoteAddress: address });
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await start('10.7.0.1')).statusCode);
    expect(statuses.slice(0, 3).every((s) => s !== 429)).toBe(true);
    const limited = await start('10.7.0.1');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(limited.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect((await start('10.7.0.2')).statusCode).not.toBe(429);
  });
});

describe('minimum password policy: 12 characters, not a common password', () => {
  it.each([
    ['short', 'Abc-123'],
    ['common', 'password1234'],
    ['common with a suffix', 'Qwertyuiop123!'],
    ['a repeated unit', 'abcabcabcabc'],
  ])('refused on POST /users (%s)', async (_why, password) => {
    const res = await app.call('POST', '/users', {
      token: admin,
      body: { email: `weak-${Math.random().toString(36).slice(2)}@throttle.test`, password },
    });
    expect(res.status, res.text).toBe(422);
    expect(res.body.errors[0].pointer).toBe('/password');
    expect(res.text).not.toContain(password);
  });

  it('refused on PATCH /users/{email}; a strong one is taken', async () => {
    await app.user('patch@throttle.test', { password: 'patch-password-long-1' });
    const weak = await app.call('PATCH', '/users/patch@throttle.test', {
      token: admin,
      body: { password: 'iloveyou1234' },
    });
    expect(weak.status, weak.text).toBe(422);
    expect(weak.body.code).toBe('weak_password');
    const strong = await app.call('PATCH', '/users/patch@throttle.test', {
      token: admin,
      body: { password: 'violet-kettle-harbour-9' },
    });
    expect(strong.status, strong.text).toBe(200);
  });

  it('the policy function: lengths count characters, the list is case-blind', () => {
    expect(passwordProblem('ёёёёёёёёёёё1')).toBeUndefined();
    expect(passwordProblem('PASSWORD1234')).toMatch(/common/);
    expect(passwordProblem('1q2w3e4r5t6y')).toMatch(/common/);
    expect(passwordProblem('a'.repeat(11))).toMatch(/at least 12/);
    expect(passwordProblem('a'.repeat(1025))).toMatch(/at most/);
    expect(passwordProblem('correct horse battery staple')).toBeUndefined();
  });

  it('a weak bootstrap admin password stops start-up naming the setting', () => {
    const env = testEnv('postgres://x@127.0.0.1/db', {
      KEEL_BOOTSTRAP_ADMIN_EMAIL: 'root@throttle.test',
      KEEL_BOOTSTRAP_ADMIN_PASSWORD: 'changeme',
    });
    expect(() => loadSettings(env)).toThrow(SettingsError);
    expect(() => loadSettings(env)).toThrow(/^KEEL_BOOTSTRAP_ADMIN_PASSWORD: /);
    expect(() =>
      loadSettings({ ...env, KEEL_BOOTSTRAP_ADMIN_PASSWORD: 'a-long-enough-bootstrap-1' }),
    ).not.toThrow();
  });
});
