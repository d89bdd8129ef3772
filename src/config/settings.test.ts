import { describe, expect, it } from 'vitest';
import { generateSigningKey } from '../crypto/jwt.js';
import { loadSettings, SettingsError } from './settings.js';

function errorOf(env: Record<string, string>): SettingsError {
  try {
    loadSettings(env);
  } catch (err) {
    if (err instanceof SettingsError) return err;
    throw err;
  }
  throw new Error('expected a SettingsError');
}

describe('settings are validated once, naming the variable', () => {
  it('defaults to the embedded mode on 127.0.0.1:8080', () => {
    const s = loadSettings({});
    expect(s.databaseUrl).toBeNull();
    expect(s.host).toBe('127.0.0.1');
    expect(s.port).toBe(8080);
    expect(s.publicUrl).toBe('http://127.0.0.1:8080');
    expect(s.auth.accessTokenTtl).toBe(3600);
    expect(s.auth.delegatedTokenTtl).toBe(600);
    expect(s.auth.providerCacheSeconds).toBe(30);
    expect(s.configEncryptionKey).toBeUndefined();
  });

  it.each([
    [{ KEEL_PORT: 'eighty' }, 'KEEL_PORT'],
    [{ KEEL_PORT: '70000' }, 'KEEL_PORT'],
    [{ KEEL_LOG_LEVEL: 'loud' }, 'KEEL_LOG_LEVEL'],
    [{ KEEL_DATABASE_URL: 'mysql://x' }, 'KEEL_DATABASE_URL'],
    [{ KEEL_PUBLIC_URL: 'not a url' }, 'KEEL_PUBLIC_URL'],
    [{ KEEL_AUTH_ENCRYPTION_KEY: 'c2hvcnQ=' }, 'KEEL_AUTH_ENCRYPTION_KEY'],
    [{ KEEL_CONFIG_ENCRYPTION_KEY: 'too-short' }, 'KEEL_CONFIG_ENCRYPTION_KEY'],
    [{ KEEL_AUTH_DELEGATED_TOKEN_TTL: '299' }, 'KEEL_AUTH_DELEGATED_TOKEN_TTL'],
    [{ KEEL_AUTH_DELEGATED_TOKEN_TTL: '901' }, 'KEEL_AUTH_DELEGATED_TOKEN_TTL'],
    [{ KEEL_AUTH_OAUTH_AUTO_CREATE_USERS: 'maybe' }, 'KEEL_AUTH_OAUTH_AUTO_CREATE_USERS'],
    [{ KEEL_BOOTSTRAP_ADMIN_EMAIL: 'a@b.c' }, 'KEEL_BOOTSTRAP_ADMIN_PASSWORD'],
    [{ KEEL_SCHEDULER_CLIENT_SECRET: 's' }, 'KEEL_SCHEDULER_CLIENT_ID'],
    // A short client secret, whose stored SHA-256 could be reversed by trying candidates.
    [
      { KEEL_SCHEDULER_CLIENT_ID: 'scheduler-ops', KEEL_SCHEDULER_CLIENT_SECRET: 'a'.repeat(31) },
      'KEEL_SCHEDULER_CLIENT_SECRET',
    ],
    [{ KEEL_AUTH_JWT_PRIVATE_KEY: 'nope' }, 'KEEL_AUTH_JWT_PRIVATE_KEY'],
    [{ KEEL_TRUST_PROXY: 'nginx.internal' }, 'KEEL_TRUST_PROXY'],
    [{ KEEL_TRUST_PROXY: '10.0.0.0/33' }, 'KEEL_TRUST_PROXY'],
    [{ KEEL_TRUST_PROXY: '::1/129' }, 'KEEL_TRUST_PROXY'],
    [{ KEEL_TRUST_PROXY: '10.0.0.1/8/1' }, 'KEEL_TRUST_PROXY'],
    [{ KEEL_TRUST_PROXY: '127.0.0.1, *' }, 'KEEL_TRUST_PROXY'],
    [{ KEEL_TRUST_PROXY: ',' }, 'KEEL_TRUST_PROXY'],
    [{ KEEL_TRUST_PROXY_HEADER: 'x-real-ip' }, 'KEEL_TRUST_PROXY_HEADER'],
  ])('%o is refused by naming %s', (env, variable) => {
    const err = errorOf(env);
    expect(err.variable).toBe(variable);
    expect(err.message.startsWith(variable)).toBe(true);
  });

  it('KEEL_TRUST_PROXY takes addresses and CIDR ranges of both families; default: no proxy is trusted', () => {
    expect(loadSettings({}).trustProxy).toBeNull();
    const t = loadSettings({ KEEL_TRUST_PROXY: '127.0.0.1, 10.1.0.0/16 ::1 fd00::/8' }).trustProxy!;
    expect(t.header).toBe('x-forwarded-for');
    for (const yes of ['127.0.0.1', '10.1.200.3', '::1', 'fd12::5']) expect(t.trusts(yes), yes).toBe(true);
    for (const no of ['127.0.0.2', '10.2.0.1', '::2', 'fe80::1', 'not-an-ip', ''])
      expect(t.trusts(no), no).toBe(false);
    expect(
      loadSettings({ KEEL_TRUST_PROXY: '::ffff:10.0.0.1', KEEL_TRUST_PROXY_HEADER: 'Forwarded' }).trustProxy,
    ).toMatchObject({ header: 'forwarded' });
    expect(errorOf({ KEEL_TRUST_PROXY: 'proxy' }).message).toMatch(/"proxy" is not an IP address/);
  });

  it('production mode (KEEL_DATABASE_URL) requires the signing key but not the encryption keys', () => {
    expect(errorOf({ KEEL_DATABASE_URL: 'postgres://h/db' }).variable).toBe('KEEL_AUTH_JWT_PRIVATE_KEY');
    const s = loadSettings({
      KEEL_DATABASE_URL: 'postgres://h/db',
      KEEL_AUTH_JWT_PRIVATE_KEY: generateSigningKey(),
      KEEL_STREAM_URL: 'postgres',
    });
    expect(s.auth.encryptionKey).toBeUndefined();
    expect(s.configEncryptionKey).toBeUndefined();
  });

  it('KEEL_DATABASE_WALK_SLOTS: 2 blast radius walks at once by default, 1 to 64', () => {
    expect(loadSettings({}).databaseWalkSlots).toBe(2);
    expect(loadSettings({ KEEL_DATABASE_WALK_SLOTS: '8' }).databaseWalkSlots).toBe(8);
    for (const bad of ['0', '65', 'two']) {
      const err = errorOf({ KEEL_DATABASE_WALK_SLOTS: bad });
      expect(err.variable).toBe('KEEL_DATABASE_WALK_SLOTS');
      expect(err.message).toMatch(/^KEEL_DATABASE_WALK_SLOTS: /);
    }
  });

  describe('the stream: KEEL_STREAM_URL (one NATS URL or a cluster of them) and KEEL_STREAM_REPLICAS', () => {
    const production = (env: Record<string, string>) => ({
      KEEL_DATABASE_URL: 'postgres://h/db',
      KEEL_AUTH_JWT_PRIVATE_KEY: generateSigningKey(),
      ...env,
    });

    it('defaults to 1 replica, and takes 1 to 5 with a NATS URL or a list of them', () => {
      expect(loadSettings({}).stream.replicas).toBe(1);
      const one = loadSettings(production({ KEEL_STREAM_URL: 'nats://keel:pw@nats-1:4222' }));
      expect(one.stream).toMatchObject({ url: 'nats://keel:pw@nats-1:4222', replicas: 1 });
      for (const list of [
        'nats://keel:pw@nats-1:4222,nats://nats-2:4222,nats://nats-3',
        'nats://keel:pw@nats-1:4222, nats://keel:pw@nats-2:4222 ,nats://keel:pw@nats-3:4222',
        'nats://10.0.0.1,nats://[fd00::2]:4223',
      ]) {
        const s = loadSettings(production({ KEEL_STREAM_URL: list, KEEL_STREAM_REPLICAS: '3' }));
        expect(s.stream.replicas).toBe(3);
        expect(s.stream.url).toBe(list);
      }
      expect(
        loadSettings(production({ KEEL_STREAM_URL: 'nats://a', KEEL_STREAM_REPLICAS: '5' })).stream.replicas,
      ).toBe(5);
    });

    it.each([
      [{ KEEL_STREAM_REPLICAS: '0' }, /must be between 1 and 5, got 0/],
      [{ KEEL_STREAM_REPLICAS: '6' }, /must be between 1 and 5, got 6/],
      [{ KEEL_STREAM_REPLICAS: 'three' }, /expected an integer, got "three"/],
      [{ KEEL_STREAM_REPLICAS: '2.5' }, /expected an integer/],
    ])('KEEL_STREAM_REPLICAS %o is refused naming it', (env, text) => {
      const err = errorOf(production({ KEEL_STREAM_URL: 'nats://a:4222', ...env }));
      expect(err.variable).toBe('KEEL_STREAM_REPLICAS');
      expect(err.message).toMatch(/^KEEL_STREAM_REPLICAS: /);
      expect(err.message).toMatch(text);
    });

    it('refuses more than 1 replica on the postgres stream, where replicas mean nothing', () => {
      for (const env of [
        { KEEL_STREAM_REPLICAS: '3' },
        production({ KEEL_STREAM_URL: 'postgres', KEEL_STREAM_REPLICAS: '2' }),
      ]) {
        const err = errorOf(env);
        expect(err.variable).toBe('KEEL_STREAM_REPLICAS');
        expect(err.message).toMatch(/the stream is postgres .*replicas apply to a nats:\/\/ stream only/);
      }
      expect(loadSettings({ KEEL_STREAM_REPLICAS: '1' }).stream.replicas).toBe(1);
    });

    it.each([
      ['http://nats-1:4222', /is not a nats:\/\/user:password@host:port URL/],
      ['nats://a:4222,', /has an empty entry/],
      ['nats://a:4222,,nats://b:4222', /has an empty entry/],
      ['nats://a:4222,https://b:4222', /entry 2 is not a nats:\/\//],
      ['nats://a:4222,not a url', /entry 2 is not a nats:\/\//],
      ['nats://a:4222/stream', /with no path or query/],
      ['nats://a:4222,nats://a:4222', /names the same host:port twice/],
      ['nats://a,nats://a:4222', /names the same host:port twice/],
      ['nats://keel:first-pw@a:4222,nats://keel:other-pw@b:4222', /entry 2 carries credentials different/],
      ['nats://a:4222,nats://keel:only-later-pw@b:4222', /entry 2 carries credentials different/],
    ])('KEEL_STREAM_URL %s is refused naming it, never echoing a password', (url, text) => {
      const err = errorOf(production({ KEEL_STREAM_URL: url }));
      expect(err.variable).toBe('KEEL_STREAM_URL');
      expect(err.message).toMatch(text);
      expect(err.message).not.toMatch(/first-pw|other-pw|only-later-pw/);
    });
  });

  it('accepts the signing key as PEM or as base64 of the PEM', () => {
    const pem = generateSigningKey();
    const b64 = Buffer.from(pem).toString('base64');
    expect(loadSettings({ KEEL_AUTH_JWT_PRIVATE_KEY: b64 }).auth.jwtPrivateKey).toBe(pem);
  });
});
