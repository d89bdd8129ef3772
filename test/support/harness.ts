// A Keel API on a database of its own, driven through app.inject. Records every response and log
// line so tests can prove that no secret ever leaves the service.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { boot, type Runtime } from '../../src/app/boot.js';
import type { Api, Domain } from '../../src/kernel/domain.js';
import { allDomains } from '../../src/app/domains.js';
import { loadSettings } from '../../src/config/settings.js';
import { generateSigningKey } from '../../src/crypto/jwt.js';
import { buildApi } from '../../src/app/api.js';
import { databaseUrl } from './global-setup.js';

export interface Call {
  token?: string | undefined;
  body?: unknown;
  headers?: Record<string, string>;
  form?: Record<string, string>;
}

export interface Res {
  status: number;
  headers: Record<string, string | number | string[] | undefined>;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  text: string;
}

export interface TestApp {
  api: Api;
  runtime: Runtime;
  url: string;
  logs: string[];
  /** Every response body seen so far. */
  responses: string[];
  call(method: string, path: string, call?: Call): Promise<Res>;
  /** Creates a user directly (no HTTP) and returns a password-login access token for it. */
  user(email: string, opts?: { admin?: boolean; roles?: string[]; password?: string }): Promise<string>;
  /** An admin user's token (created once). */
  adminToken(): Promise<string>;
  /** Everything the service said: responses and log lines. */
  transcript(): string;
  close(): Promise<void>;
}

/** Creates a database for this test file, cloned from the migrated template. */
export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = inject('adminUrl');
  const name = `${inject('dbPrefix')}${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  // CREATE DATABASE ... TEMPLATE needs the template to have no other connections: retry briefly.
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('templateDb')}`);
      break;
    } catch (err) {
      if (attempt > 50) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  await admin.end();
  return {
    url: databaseUrl(adminUrl, name),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * The data directory of this test process's apps (the embedded analytics store, chdb, keeps its files
 * there): a temporary one, removed when the process exits. Left to its default, it was the repository's
 * own `data/`, which a test run filled (mode 0700) and a later `npm start` as root could then not open
 * for its PostgreSQL, run as the postgres user.
 */
let dataDir: string | undefined;
function testDataDir(): string {
  if (!dataDir) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'keel-test-data-'));
    process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
    dataDir = dir;
  }
  return dataDir;
}

/** Settings for a test: a fresh signing key and encryption keys, plus any overrides. */
export function testEnv(dbUrl: string, env: Record<string, string | undefined> = {}) {
  return {
    KEEL_DATABASE_URL: dbUrl,
    KEEL_DATA_DIR: testDataDir(),
    KEEL_AUTH_JWT_PRIVATE_KEY: generateSigningKey(),
    KEEL_AUTH_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    KEEL_CONFIG_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    KEEL_LOG_LEVEL: 'info',
    KEEL_PORT: '0',
    KEEL_STREAM_URL: 'postgres',
    ...env,
  };
}

/**
 * A second replica of `app`: another API instance on the same database, signing tokens and encrypting
 * secrets with the same keys, as replicas of one deployment do.
 */
export function startReplicaOf(
  app: Pick<TestApp, 'url' | 'runtime'>,
  env: Record<string, string | undefined> = {},
): Promise<TestApp> {
  const auth = app.runtime.core.settings.auth;
  return startTestApp({
    database: { url: app.url },
    env: {
      KEEL_AUTH_JWT_PRIVATE_KEY: auth.jwtPrivateKey!,
      KEEL_AUTH_ENCRYPTION_KEY: auth.encryptionKey!.toString('base64'),
      ...env,
    },
  });
}

export async function startTestApp(
  options: { env?: Record<string, string | undefined>; domains?: Domain[]; database?: { url: string } } = {},
): Promise<TestApp> {
  const db = options.database
    ? { url: options.database.url, drop: async () => {} }
    : await createTestDatabase();
  const logs: string[] = [];
  const responses: string[] = [];
  const logStream = new Writable({
    write(chunk, _enc, cb) {
      logs.push(String(chunk));
      cb();
    },
  });
  const settings = loadSettings(testEnv(db.url, options.env));
  const runtime = await boot(settings, options.domains ?? allDomains(), { logStream });
  const api = await buildApi(runtime.core, runtime.domains);
  await api.ready();
  let admin: string | undefined;

  const app: TestApp = {
    api,
    runtime,
    url: db.url,
    logs,
    responses,
    async call(method, path, call = {}) {
      const headers: Record<string, string> = { ...call.headers };
      if (call.token) headers.authorization = `Bearer ${call.token}`;
      let payload: string | undefined;
      if (call.form) {
        headers['content-type'] = 'application/x-www-form-urlencoded';
        payload = new URLSearchParams(call.form).toString();
      } else if (call.body !== undefined) {
        headers['content-type'] ??= 'application/json';
        payload = typeof call.body === 'string' ? call.body : JSON.stringify(call.body);
      }
      const res = await api.inject({
        method: method as 'GET',
        url: path,
        headers,
        ...(payload !== undefined ? { payload } : {}),
      });
      responses.push(`${JSON.stringify(res.headers)}\n${res.body}`);
      let body: unknown = undefined;
      if (res.body) {
        try {
          body = JSON.parse(res.body);
        } catch {
          body = res.body;
        }
      }
      return { status: res.statusCode, headers: res.headers, body, text: res.body };
    },
    async user(email, opts = {}) {
      const password = opts.password ?? `pw-${randomBytes(8).toString('hex')}`;
      const { users } = runtime.core.identity;
      if (!(await users.findByEmailUnchecked(email))) {
        await users.createUnchecked({ email, password, is_admin: opts.admin ?? false }, 'test');
      }
      for (const role of opts.roles ?? []) {
        const user = await users.findByEmailUnchecked(email);
        await runtime.core.sql.query(
          `INSERT INTO graph_edges (src, label, dst)
           SELECT $1, 'HAS_ROLE', node_id FROM graph_keys WHERE namespace = 'Role.slug' AND key = $2
           ON CONFLICT DO NOTHING`,
          [user!.id, role],
        );
      }
      runtime.core.authCache.clear();
      const res = await app.call('POST', '/auth/login', { body: { email, password } });
      if (res.status !== 200) throw new Error(`login failed for ${email}: ${res.text}`);
      return res.body.access_token as string;
    },
    async adminToken() {
      admin ??= await app.user('admin@example.com', { admin: true });
      return admin;
    },
    transcript: () => [...responses, ...logs].join('\n'),
    async close() {
      await api.close();
      await runtime.close();
      await db.drop();
    },
  };
  return app;
}
