// Provider reads are cached per slug (KEEL_AUTH_PROVIDER_CACHE_SECONDS, 30 s by default): a write
// invalidates the writing replica at once; another replica sees the edit once its entry expires.
// Two API instances, each on its own runtime, share one database like two replicas.
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadSettings } from '../../src/config/settings.js';
import { generateSigningKey } from '../../src/crypto/jwt.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import { oauthEnv } from './support/setup.js';

const shared = {
  KEEL_AUTH_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  KEEL_AUTH_JWT_PRIVATE_KEY: generateSigningKey(),
};
const slugs = async (app: TestApp) =>
  (await app.call('GET', '/auth/providers')).body.map((m: { slug: string }) => m.slug) as string[];
const providerB = (enabled: boolean, name = 'Provider B') => ({
  name,
  enabled,
  client_id: 'cid',
  client_secret: `s-${randomBytes(8).toString('hex')}`,
});

describe('the cache TTL defaults to 30 seconds (SPEC 8)', () => {
  it('KEEL_AUTH_PROVIDER_CACHE_SECONDS is 30 unless set', () => {
    expect(loadSettings({}).auth.providerCacheSeconds).toBe(30);
    expect(loadSettings({ KEEL_AUTH_PROVIDER_CACHE_SECONDS: '5' }).auth.providerCacheSeconds).toBe(5);
    expect(() => loadSettings({ KEEL_AUTH_PROVIDER_CACHE_SECONDS: 'soon' })).toThrow(
      /KEEL_AUTH_PROVIDER_CACHE_SECONDS/,
    );
  });

  describe('two replicas with the default', () => {
    let a: TestApp;
    let b: TestApp;
    beforeAll(async () => {
      a = await startTestApp({ env: oauthEnv(shared) });
      b = await startTestApp({ database: { url: a.url }, env: oauthEnv(shared) });
    });
    afterAll(async () => {
      await b.api.close();
      await b.runtime.close();
      await a.close();
    });
    afterEach(() => vi.useRealTimers());

    it('the other replica sees an edit after 30 s, not before', async () => {
      const token = await a.adminToken();
      expect(await slugs(b)).toEqual(['password']); // b caches "no providers"
      vi.useFakeTimers({ toFake: ['Date'] });
      const t0 = Date.now();
      const put = await a.call('PUT', '/admin/oauth-providers/provider_b', { token, body: providerB(true) });
      expect(put.status).toBe(201);
      expect(await slugs(a)).toEqual(['provider_b', 'password']);
      vi.setSystemTime(t0 + 29_000);
      expect(await slugs(b)).toEqual(['password']);
      vi.setSystemTime(t0 + 30_500);
      expect(await slugs(b)).toEqual(['provider_b', 'password']);
    });
  });
});

describe('a write invalidates the local cache at once; other replicas follow within the TTL', () => {
  const TTL = 2;
  let a: TestApp;
  let b: TestApp;
  let token: string;
  beforeAll(async () => {
    const env = oauthEnv({ ...shared, KEEL_AUTH_PROVIDER_CACHE_SECONDS: String(TTL) });
    a = await startTestApp({ env });
    b = await startTestApp({ database: { url: a.url }, env });
    token = await a.adminToken();
  });
  afterAll(async () => {
    await b.api.close();
    await b.runtime.close();
    await a.close();
  });

  /** Polls `read` until it returns `want`; returns the seconds it took. */
  async function until(read: () => Promise<unknown>, want: unknown): Promise<number> {
    const start = Date.now();
    for (;;) {
      const got = await read();
      if (JSON.stringify(got) === JSON.stringify(want)) return (Date.now() - start) / 1000;
      if (Date.now() - start > (TTL + 3) * 1000) throw new Error(`still ${JSON.stringify(got)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  it('enabling a provider: the writer lists it at once, the other replica within the TTL', async () => {
    expect(await slugs(a)).toEqual(['password']);
    expect(await slugs(b)).toEqual(['password']);
    const cachedAt = Date.now();
    await a.call('PUT', '/admin/oauth-providers/provider_b', { token, body: providerB(true) });
    expect(await slugs(a)).toEqual(['provider_b', 'password']);
    expect(await slugs(b)).toEqual(['password']); // b still serves its cached answer
    await until(() => slugs(b), ['provider_b', 'password']);
    expect((Date.now() - cachedAt) / 1000).toBeLessThan(TTL + 1);
  });

  it('per slug: after disabling, the writer refuses logins at once, the other replica within the TTL', async () => {
    // Both replicas have read provider_b (enabled) through their caches.
    expect((await a.call('GET', '/auth/oauth/provider_b/authorize')).status).toBe(302);
    expect((await b.call('GET', '/auth/oauth/provider_b/authorize')).status).toBe(302);
    const { client_secret: _keep, ...disabled } = providerB(false);
    await a.call('PUT', '/admin/oauth-providers/provider_b', { token, body: disabled });
    expect((await a.call('GET', '/auth/oauth/provider_b/authorize')).status).toBe(404);
    expect((await b.call('GET', '/auth/oauth/provider_b/authorize')).status).toBe(302);
    const waited = await until(
      async () => (await b.call('GET', '/auth/oauth/provider_b/authorize')).status,
      404,
    );
    expect(waited).toBeLessThan(TTL + 1);
  });

  it('a write on the other replica invalidates that replica, and reaches this one within the TTL', async () => {
    await slugs(a);
    await b.call('PUT', '/admin/oauth-providers/provider_b', {
      token, // the replicas share the signing key, as replicas do
      body: providerB(true, 'Renamed on b'),
    });
    const names = async (app: TestApp) =>
      (await app.call('GET', '/auth/providers')).body.map((m: { name: string }) => m.name) as string[];
    expect(await names(b)).toEqual(['Renamed on b', 'Email and password']);
    await until(() => names(a), ['Renamed on b', 'Email and password']);
  });

  it('admin reads are not cached: both replicas read the database', async () => {
    await a.call('PUT', '/admin/oauth-providers/provider_b', { token, body: providerB(true, 'Fresh') });
    const read = await b.call('GET', '/admin/oauth-providers/provider_b', { token });
    expect(read.body.name).toBe('Fresh');
  });
});
