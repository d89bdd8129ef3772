// `keel scheduler` as an operator runs it: its own process and port, calling a `keel api` over HTTP.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/db/embedded.js';
import { createTestDatabase, testEnv } from '../support/harness.js';
import { keelArgv } from '../support/keel-process.js';

const root = path.resolve(import.meta.dirname, '../..');
const children: ChildProcess[] = [];
let db: { url: string; drop(): Promise<void> };
let env: Record<string, string>;

function keel(
  args: string[],
  extra: Record<string, string> = {},
): { child: ChildProcess; out: () => string } {
  const child = spawn(...keelArgv(...args), {
    cwd: root,
    env: { ...process.env, ...env, ...extra },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let text = '';
  child.stdout?.on('data', (d) => (text += String(d)));
  child.stderr?.on('data', (d) => (text += String(d)));
  return { child, out: () => text };
}

async function ready(url: string, p: { child: ChildProcess; out: () => string }): Promise<void> {
  for (let i = 0; i < 400; i++) {
    if (p.child.exitCode !== null) throw new Error(`exited early:\n${p.out()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`not ready:\n${p.out()}`);
}

beforeAll(async () => {
  db = await createTestDatabase();
  env = {
    ...(testEnv(db.url) as Record<string, string>),
    KEEL_SCHEDULER_CLIENT_ID: 'scheduler-cli-test',
    KEEL_SCHEDULER_CLIENT_SECRET: randomBytes(24).toString('base64url'),
    KEEL_BOOTSTRAP_ADMIN_EMAIL: 'ops@example.com',
    KEEL_BOOTSTRAP_ADMIN_PASSWORD: randomBytes(12).toString('hex'),
  };
  const setup = spawnSync(...keelArgv('setup-service-accounts'), {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(setup.status, setup.stderr).toBe(0);
}, 90_000);
afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  await Promise.all(
    children.map((c) => (c.exitCode !== null ? null : new Promise((r) => c.once('exit', r)))),
  );
  await db.drop();
});

describe('keel scheduler', () => {
  it('refuses to start without KEEL_SCHEDULER_API_URL', () => {
    const r = spawnSync(...keelArgv('scheduler'), {
      cwd: root,
      env: { ...process.env, ...env },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('KEEL_SCHEDULER_API_URL');
  }, 90_000);

  it('serves /scheduler on KEEL_SCHEDULER_PORT and calls the API it is given', async () => {
    const apiPort = await freePort();
    const api = keel(['api'], { KEEL_PORT: String(apiPort) });
    const apiUrl = `http://127.0.0.1:${apiPort}`;
    await ready(`${apiUrl}/ready`, api);
    const port = await freePort();
    const scheduler = keel(['scheduler'], {
      KEEL_SCHEDULER_API_URL: apiUrl,
      KEEL_SCHEDULER_PORT: String(port),
    });
    const url = `http://127.0.0.1:${port}`;
    await ready(`${url}/ready`, scheduler);

    const login = await fetch(`${apiUrl}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: env.KEEL_BOOTSTRAP_ADMIN_EMAIL,
        password: env.KEEL_BOOTSTRAP_ADMIN_PASSWORD,
      }),
    });
    const token = ((await login.json()) as { access_token: string }).access_token;
    const auth = { authorization: `Bearer ${token}` };
    // The system schedule exists after start-up.
    const daily = await fetch(`${url}/scheduler/schedules/score-recompute-daily`, { headers: auth });
    expect(daily.status).toBe(200);
    // A system job fired now reaches the API as the scheduler's account.
    const created = await fetch(`${url}/scheduler/schedules`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        slug: 'ops-me',
        kind: 'system',
        cron: '0 0 * * *',
        target: { method: 'GET', path: '/auth/me' },
      }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const run = (await (
      await fetch(`${url}/scheduler/schedules/ops-me/run`, { method: 'POST', headers: auth })
    ).json()) as {
      id: string;
    };
    let state = 'running';
    let body: Record<string, unknown> = {};
    for (let i = 0; i < 100 && state === 'running'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      body = (await (await fetch(`${url}/scheduler/runs/${run.id}`, { headers: auth })).json()) as Record<
        string,
        unknown
      >;
      state = String(body.state);
    }
    expect(body).toMatchObject({ state: 'succeeded', http_status: 200, principal_name: 'scheduler' });
    // `keel api` leaves /scheduler to the scheduler.
    expect((await fetch(`${apiUrl}/scheduler/schedules`, { headers: auth })).status).toBe(404);
    // Anonymous callers are refused, and the API's own routes are not served here.
    expect((await fetch(`${url}/scheduler/schedules`)).status).toBe(401);
    expect((await fetch(`${url}/users`, { headers: auth })).status).toBe(404);
    expect(scheduler.out()).not.toContain(env.KEEL_SCHEDULER_CLIENT_SECRET);
    expect(scheduler.out()).not.toContain(token);
  }, 120_000);
});
