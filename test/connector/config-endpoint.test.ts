// SPEC 4.7: the sink configuration endpoint, its key, and what it must never reveal.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sinks, streams } from '../../src/analytics/topology/topology.js';
import { loadOrCreateSecrets, withDataDirSecrets } from '../../src/config/data-dir-secrets.js';
import { loadSettings, SettingsError } from '../../src/config/settings.js';
import { CONNECTOR_KEY_HEADER } from '../../src/analytics/connector/routes.js';
import { fetchSinkConfig } from '../../src/analytics/connector/runtime.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import { listenLocal } from '../support/listen.js';

const KEY = randomBytes(32).toString('base64url');
const CH_PASSWORD = `pw-${randomBytes(12).toString('hex')}`;

describe('GET /connectors/config (SPEC 4.7)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({
      env: {
        KEEL_CONNECTOR_API_KEY: KEY,
        KEEL_ANALYTICS_URL: `clickhouse://analytics:${CH_PASSWORD}@127.0.0.1:8123/keel_analytics`,
      },
    });
  });
  afterAll(() => app.close());
  const get = (headers: Record<string, string> = {}, token?: string) =>
    app.call('GET', '/connectors/config', { headers, token });

  describe('who may call it', () => {
    it('refuses a request without the key: 401 problem+json', async () => {
      const res = await get();
      expect(res.status).toBe(401);
      expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
      expect(res.body.code).toBe('connector_key_invalid');
      expect(res.text).not.toContain(CH_PASSWORD);
    });

    it('refuses a wrong key, an empty key, a key with one character changed, and a prefix of the key', async () => {
      for (const wrong of [
        'nope',
        ' ',
        `${KEY.slice(0, -1)}${KEY.endsWith('A') ? 'B' : 'A'}`,
        KEY.slice(0, 20),
        `${KEY}x`,
      ]) {
        const res = await get({ 'x-keel-connector-key': wrong });
        expect(res.status, wrong).toBe(401);
      }
    });

    it("is not opened by an admin's or a user's bearer token", async () => {
      expect((await get({}, await app.adminToken())).status).toBe(401);
      expect((await get({}, await app.user('someone@example.com'))).status).toBe(401);
      expect((await get({ authorization: `Bearer ${KEY}` })).status).toBe(401);
    });

    it('answers the key holder, never cached', async () => {
      const res = await get({ 'x-keel-connector-key': KEY });
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
    });
  });

  describe('what it serves', () => {
    it('has one sink per analytics-bound stream of the topology, none for the future streams', async () => {
      const res = await get({ 'x-keel-connector-key': KEY });
      const names = res.body.sinks.map((s: { stream: string }) => s.stream);
      expect(names).toEqual(sinks().map(([s]) => s));
      const future = streams()
        .filter(([, d]) => d.future)
        .map(([s]) => s);
      expect(future).toEqual(['metrics', 'notifications']);
      for (const f of future) expect(names).not.toContain(f);
    });

    it('gives each sink the SPEC settings, its table and storage, and the analytics database from the settings', async () => {
      const res = await get({ 'x-keel-connector-key': KEY });
      const byStream = Object.fromEntries(res.body.sinks.map((s: { stream: string }) => [s.stream, s]));
      expect(byStream.operations_log).toEqual({
        name: 'operations_log_to_operations_log',
        stream: 'operations_log',
        topics: ['deployments', 'maintenance'],
        schema: 'json',
        insert_format: 'json_each_row',
        batch_length: 1000,
        poll_interval: '250ms',
        consumer_group: 'operations_log',
        table: 'operations_log',
        mode: 'deduplicate',
        key: ['id'],
        version: 'row_version',
        plugin_config: {
          transport: 'clickhouse',
          url: 'http://127.0.0.1:8123',
          database: 'keel_analytics',
          username: 'analytics',
          password: CH_PASSWORD,
        },
      });
      expect(byStream.score_history).toMatchObject({
        mode: 'plain',
        version: null,
        consumer_group: 'score_history',
      });
      expect(byStream.events.topics).toEqual(['gateway', 'lifecycle', 'comments']);
    });
  });

  it('never logs the key, the response or the database password', async () => {
    await get({ 'x-keel-connector-key': KEY });
    await get({ 'x-keel-connector-key': 'wrong-key-attempt' });
    const logs = app.logs.join('\n');
    expect(logs).toContain('/connectors/config');
    expect(logs).not.toContain(KEY);
    expect(logs).not.toContain(CH_PASSWORD);
    expect(logs).not.toContain('wrong-key-attempt');
    expect(logs).not.toContain('plugin_config');
  });
});

describe('the connector key setting', () => {
  it('is generated into the data dir in embedded mode, kept across starts, mode 0600', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'keel-connector-key-'));
    try {
      const settings = loadSettings({ KEEL_DATA_DIR: dir });
      expect(settings.connector.apiKey).toBeUndefined();
      const first = withDataDirSecrets(settings, loadOrCreateSecrets(dir)).connector.apiKey;
      const again = withDataDirSecrets(settings, loadOrCreateSecrets(dir)).connector.apiKey;
      expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(again).toBe(first);
      expect(fs.statSync(path.join(dir, 'secrets.json')).mode & 0o777).toBe(0o600);
      const configured = loadSettings({ KEEL_DATA_DIR: dir, KEEL_CONNECTOR_API_KEY: KEY });
      expect(withDataDirSecrets(configured, loadOrCreateSecrets(dir)).connector.apiKey).toBe(KEY);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a short key, naming the variable', () => {
    expect(() => loadSettings({ KEEL_CONNECTOR_API_KEY: 'short' })).toThrow(SettingsError);
    expect(() => loadSettings({ KEEL_CONNECTOR_API_KEY: 'short' })).toThrow(/KEEL_CONNECTOR_API_KEY/);
  });
});

describe('the connector reads its configuration without following redirects', () => {
  // fetch would carry the key header on to the origin a redirect names, and trust what it answers.
  it('a redirect is an error; the key never reaches the other origin', async () => {
    const elsewhere: Array<string | undefined> = [];
    const other = http.createServer((req, res) => {
      elsewhere.push(req.headers[CONNECTOR_KEY_HEADER] as string | undefined);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ sinks: [] }));
    });
    const otherUrl = await listenLocal(other);
    const redirector = http.createServer((_req, res) => {
      res.writeHead(302, { location: `${otherUrl}/connectors/config` }).end();
    });
    const redirectorUrl = await listenLocal(redirector);
    try {
      await expect(fetchSinkConfig(`${redirectorUrl}/connectors/config`, KEY)).rejects.toThrow(
        /answered 302 \(a redirect, not followed/,
      );
      expect(elsewhere).toEqual([]);
      // The same server, asked directly, is read.
      expect(await fetchSinkConfig(`${otherUrl}/connectors/config`, KEY)).toEqual({ sinks: [] });
      expect(elsewhere).toEqual([KEY]);
    } finally {
      other.close();
      redirector.close();
    }
  });
});
