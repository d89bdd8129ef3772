// `keel api` and `keel scheduler` as the separate processes an operator runs, for the scheduler's fault
// tests: start, stop (SIGTERM, SIGKILL) and start again on the same port; and a proxy in front of the
// API that records every request (method, path, Idempotency-Key), survives the API going away (a
// request it cannot forward loses its connection, as the API's own absence would), and may drop an
// answer after the API gave it.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { expect } from 'vitest';
import { freePort } from '../../src/db/embedded.js';
import { createTestDatabase, testEnv } from '../support/harness.js';
import { keelArgv } from '../support/keel-process.js';

const root = path.resolve(import.meta.dirname, '../..');

export interface KeelProcess {
  child: ChildProcess;
  out(): string;
}

export interface Cluster {
  env: Record<string, string>;
  db: pg.Pool;
  admin: { email: string; password: string };
  start(args: string[], extra?: Record<string, string>): KeelProcess;
  /** Waits until `url` answers 2xx, or fails with the process's output if it exits first. */
  ready(url: string, p: KeelProcess): Promise<void>;
  /** Sends `signal` and waits for the process to exit. */
  stop(p: KeelProcess, signal?: NodeJS.Signals): Promise<void>;
  close(): Promise<void>;
}

/** A database with the scheduler's service account set up (`keel setup-service-accounts`). */
export async function startCluster(): Promise<Cluster> {
  const database = await createTestDatabase();
  const admin = { email: 'ops@example.com', password: randomBytes(12).toString('hex') };
  const env = {
    ...(testEnv(database.url) as Record<string, string>),
    KEEL_LOG_LEVEL: 'warn',
    KEEL_SCHEDULER_CLIENT_ID: 'scheduler-faults-test',
    KEEL_SCHEDULER_CLIENT_SECRET: randomBytes(24).toString('base64url'),
    KEEL_BOOTSTRAP_ADMIN_EMAIL: admin.email,
    KEEL_BOOTSTRAP_ADMIN_PASSWORD: admin.password,
  };
  const setup = spawnSync(...keelArgv('setup-service-accounts'), {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(setup.status, setup.stderr).toBe(0);
  const db = new pg.Pool({ connectionString: database.url, max: 2 });
  const children: KeelProcess[] = [];
  const exited = (p: KeelProcess) => p.child.exitCode !== null || p.child.signalCode !== null;
  const cluster: Cluster = {
    env,
    db,
    admin,
    start(args, extra = {}) {
      const child = spawn(...keelArgv(...args), {
        cwd: root,
        env: { ...process.env, ...env, ...extra },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let text = '';
      child.stdout?.on('data', (d) => (text += String(d)));
      child.stderr?.on('data', (d) => (text += String(d)));
      const p = { child, out: () => text };
      children.push(p);
      return p;
    },
    async ready(url, p) {
      for (let i = 0; i < 600; i++) {
        if (exited(p)) throw new Error(`exited early:\n${p.out()}`);
        try {
          if ((await fetch(url)).ok) return;
        } catch {
          /* starting */
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`not ready:\n${p.out()}`);
    },
    async stop(p, signal = 'SIGTERM') {
      if (exited(p)) return;
      const gone = new Promise((r) => p.child.once('exit', r));
      p.child.kill(signal);
      await gone;
    },
    async close() {
      await Promise.all(children.map((c) => cluster.stop(c)));
      await db.end();
      await database.drop();
    },
  };
  return cluster;
}

/** `keel api` on `port` (the same port after a restart), ready to serve. */
export async function startApi(c: Cluster, port: number): Promise<KeelProcess> {
  const p = c.start(['api'], { KEEL_PORT: String(port) });
  await c.ready(`http://127.0.0.1:${port}/ready`, p);
  return p;
}

/** `keel scheduler` calling the API at `apiUrl`; its own URL. */
export async function startScheduler(
  c: Cluster,
  apiUrl: string,
): Promise<{ process: KeelProcess; url: string }> {
  const port = await freePort();
  const p = c.start(['scheduler'], { KEEL_SCHEDULER_API_URL: apiUrl, KEEL_SCHEDULER_PORT: String(port) });
  const url = `http://127.0.0.1:${port}`;
  await c.ready(`${url}/ready`, p);
  return { process: p, url };
}

/** The bootstrap admin's access token. */
export async function adminToken(c: Cluster, apiUrl: string): Promise<string> {
  const res = await fetch(`${apiUrl}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(c.admin),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

export interface Answer {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** A JSON call; answers the status and the parsed body. */
export async function call(url: string, method: string, token: string, body?: unknown): Promise<Answer> {
  const res = await fetch(url, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

export interface Passed {
  method: string;
  path: string;
  key: string | undefined;
  /** The API's status, or null when the request could not be forwarded or its answer was dropped. */
  status: number | null;
  replayed: boolean;
}

export interface RecordingProxy {
  url: string;
  seen: Passed[];
  /**
   * Called with each answer of the API before it is passed on; `'drop'` closes the caller's connection
   * instead (the change is made, the answer lost). May wait (to kill the API first).
   */
  onAnswer: ((req: Passed) => Promise<'pass' | 'drop'> | 'pass' | 'drop') | undefined;
  /**
   * Called with each request; a number holds it that many ms before it is forwarded (a slow target).
   * The holds in progress are counted per path.
   */
  delay: ((req: Passed) => number) | undefined;
  holding: Map<string, number>;
  /** The most requests held at once, per path. */
  peak: Map<string, number>;
  close(): Promise<void>;
}

/** A proxy to the API on `port` (which may be down, or restart: each request opens its own connection). */
export async function startRecordingProxy(port: number): Promise<RecordingProxy> {
  const sockets = new Set<Socket>();
  const proxy: RecordingProxy = {
    url: '',
    seen: [],
    onAnswer: undefined,
    delay: undefined,
    holding: new Map(),
    peak: new Map(),
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise((r) => server.close(() => r()));
    },
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const passed: Passed = {
        method: req.method!,
        path: req.url ?? '/',
        key: req.headers['idempotency-key'] as string | undefined,
        status: null,
        replayed: false,
      };
      proxy.seen.push(passed);
      const hold = proxy.delay?.(passed) ?? 0;
      if (hold > 0) {
        const now = (proxy.holding.get(passed.path) ?? 0) + 1;
        proxy.holding.set(passed.path, now);
        proxy.peak.set(passed.path, Math.max(now, proxy.peak.get(passed.path) ?? 0));
      }
      setTimeout(() => {
        if (hold > 0) proxy.holding.set(passed.path, proxy.holding.get(passed.path)! - 1);
        const headers = { ...req.headers, connection: 'close' };
        const up = http.request(
          { host: '127.0.0.1', port, method: req.method, path: req.url, headers, agent: false },
          (answer) => {
            const body: Buffer[] = [];
            answer.on('data', (c: Buffer) => body.push(c));
            answer.on('error', () => req.socket.destroy());
            answer.on('end', () => {
              passed.status = answer.statusCode!;
              passed.replayed = answer.headers['idempotent-replayed'] === 'true';
              void Promise.resolve(proxy.onAnswer?.(passed) ?? 'pass').then((what) => {
                if (what === 'drop') {
                  passed.status = null;
                  req.socket.destroy();
                  return;
                }
                const out = { ...answer.headers };
                delete out['transfer-encoding'];
                delete out.connection;
                res.writeHead(answer.statusCode!, out);
                res.end(Buffer.concat(body));
              });
            });
          },
        );
        // The API is not there (stopped, restarting): the caller loses its connection.
        up.on('error', () => req.socket.destroy());
        up.end(Buffer.concat(chunks));
      }, hold);
    });
  });
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.once('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return proxy;
}
