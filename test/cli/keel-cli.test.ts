// The two commands and the CLI, as a user runs them: real processes, real PostgreSQL.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/db/embedded.js';
import { createTestDatabase, startTestApp, testEnv } from '../support/harness.js';
import { keelArgv } from '../support/keel-process.js';
import { testNatsUrl } from '../stream/nats-server.js';

const root = path.resolve(import.meta.dirname, '../..');

function keel(args: string[], env: Record<string, string | undefined>): ChildProcess {
  return spawn(...keelArgv(...args), {
    cwd: root,
    env: { ...process.env, KEEL_DATABASE_URL: undefined, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function output(child: ChildProcess): { text: () => string } {
  let text = '';
  child.stdout?.on('data', (d) => (text += String(d)));
  child.stderr?.on('data', (d) => (text += String(d)));
  return { text: () => text };
}

/** Waits until `url` answers and keel has said it is listening (every role it runs has started). */
async function waitFor(url: string, child: ChildProcess, out: { text(): string }): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`keel exited early:\n${out.text()}`);
    try {
      if ((await fetch(url)).ok && out.text().includes('Keel is listening')) return;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`not ready:\n${out.text()}`);
}

function exited(child: ChildProcess): Promise<number | null> {
  return child.exitCode !== null
    ? Promise.resolve(child.exitCode)
    : new Promise((r) => child.once('exit', (code) => r(code)));
}

function postgresRunningOn(dir: string): boolean {
  const ps = spawnSync('ps', ['-eo', 'args'], { encoding: 'utf8' }).stdout;
  return ps.split('\n').some((l) => l.includes('postgres') && l.includes(dir));
}

const tmpDirs: string[] = [];
afterAll(() => {
  for (const d of tmpDirs) fs.rmSync(d, { recursive: true, force: true });
});

describe('npm start: keel serve on the embedded default', () => {
  it('starts its own PostgreSQL, keeps data and secrets in the data dir, stops cleanly, and reuses the data', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'keel-serve-'));
    fs.chmodSync(dataDir, 0o755);
    tmpDirs.push(dataDir);
    const port = await freePort();
    const env = { KEEL_DATA_DIR: dataDir, KEEL_PORT: String(port), KEEL_LOG_LEVEL: 'warn' };
    const base = `http://127.0.0.1:${port}`;

    const first = keel(['serve'], env);
    const out1 = output(first);
    await waitFor(`${base}/ready`, first, out1);
    expect(out1.text()).toContain(`Keel is listening on ${base}`);
    expect(out1.text()).toContain('admin@keel.local');

    const secretsFile = path.join(dataDir, 'secrets.json');
    expect(fs.statSync(secretsFile).mode & 0o777).toBe(0o600);
    const secrets = JSON.parse(fs.readFileSync(secretsFile, 'utf8')) as Record<string, string>;
    expect(secrets.jwt_private_key).toContain('BEGIN PRIVATE KEY');
    expect(out1.text()).not.toContain(secrets.admin_password);

    const login = async () => {
      const res = await fetch(`${base}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@keel.local', password: secrets.admin_password }),
      });
      return res;
    };
    const res = await login();
    expect(res.status).toBe(200);
    const { access_token } = (await res.json()) as { access_token: string };
    const created = await fetch(`${base}/environments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${access_token}` },
      body: JSON.stringify({ slug: 'kept', name: 'Kept across restarts' }),
    });
    expect(created.status).toBe(201);

    const pgDir = path.join(dataDir, 'pg');
    expect(postgresRunningOn(pgDir)).toBe(true);
    first.kill('SIGINT');
    expect(await exited(first)).toBe(0);
    expect(postgresRunningOn(pgDir)).toBe(false);

    // A second start reuses the same data: same admin password, same environment, same signing key.
    const second = keel(['serve'], env);
    const out2 = output(second);
    await waitFor(`${base}/ready`, second, out2);
    const again = await login();
    expect(again.status).toBe(200);
    const token2 = ((await again.json()) as { access_token: string }).access_token;
    const kept = await fetch(`${base}/environments/kept`, { headers: { authorization: `Bearer ${token2}` } });
    expect(kept.status).toBe(200);
    // A token from the first run still verifies: the signing key was kept.
    expect(
      (await fetch(`${base}/auth/me`, { headers: { authorization: `Bearer ${access_token}` } })).status,
    ).toBe(200);
    second.kill('SIGTERM');
    expect(await exited(second)).toBe(0);
    expect(postgresRunningOn(pgDir)).toBe(false);
  }, 120_000);
});

describe('keel with a configured database', () => {
  it('keel users create adds a user once, idempotently', async () => {
    const db = await createTestDatabase();
    try {
      const env = testEnv(db.url);
      const run = (args: string[], input?: string) =>
        spawnSync(...keelArgv(...args), {
          cwd: root,
          env: { ...process.env, ...env },
          encoding: 'utf8',
          ...(input !== undefined ? { input } : {}),
        });
      // A password on the command line is visible to every user of the machine: refused.
      const onCommandLine = run([
        'users',
        'create',
        '--email',
        'ops@example.com',
        '--password',
        'Long-Enough-Pw-1',
      ]);
      expect(onCommandLine.status).toBe(2);
      expect(onCommandLine.stderr).toContain('--password-stdin');
      const first = run(
        ['users', 'create', '--email', 'ops@example.com', '--password-stdin', '--admin'],
        'Long-Enough-Pw-1\n',
      );
      expect(first.status, first.stderr).toBe(0);
      expect(first.stdout).toContain('created user ops@example.com (admin)');
      expect(first.stdout + first.stderr).not.toContain('Long-Enough-Pw-1');
      const file = path.join(os.tmpdir(), `keel-pw-${process.pid}`);
      fs.writeFileSync(file, 'File-Borne-Password-2\n', { mode: 0o600 });
      try {
        const fromFile = run(['users', 'create', '--email', 'ops2@example.com', '--password-file', file]);
        expect(fromFile.status, fromFile.stderr).toBe(0);
      } finally {
        fs.rmSync(file, { force: true });
      }
      const second = run(
        ['users', 'create', '--email', 'OPS@example.com', '--password-stdin'],
        'other-password\n',
      );
      expect(second.status).toBe(0);
      expect(second.stdout).toContain('already exists');
      // Both passwords work: the one from standard input and the one from the file.
      const app = await startTestApp({ database: { url: db.url } });
      try {
        const a = await app.call('POST', '/auth/login', {
          body: { email: 'ops@example.com', password: 'Long-Enough-Pw-1' },
        });
        expect(a.status).toBe(200);
        const b = await app.call('POST', '/auth/login', {
          body: { email: 'ops2@example.com', password: 'File-Borne-Password-2' },
        });
        expect(b.status).toBe(200);
      } finally {
        await app.close();
      }
    } finally {
      await db.drop();
    }
  }, 180_000);

  it('an invalid setting stops start-up with a message naming the variable', () => {
    const r = spawnSync(...keelArgv('api'), {
      cwd: root,
      env: { ...process.env, KEEL_PORT: 'not-a-port' },
      encoding: 'utf8',
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('configuration error: KEEL_PORT');
  });

  it('production mode without a signing key is refused at start-up', () => {
    const r = spawnSync(...keelArgv('api'), {
      cwd: root,
      env: { ...process.env, KEEL_DATABASE_URL: 'postgres://127.0.0.1:1/x', KEEL_AUTH_JWT_PRIVATE_KEY: '' },
      encoding: 'utf8',
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('KEEL_AUTH_JWT_PRIVATE_KEY');
  });
});

describe.skipIf(!testNatsUrl())('keel on a NATS stream', () => {
  it('KEEL_STREAM_REPLICAS=3 on a single NATS server stops start-up naming the setting, not the password', async () => {
    const db = await createTestDatabase();
    try {
      const url = testNatsUrl()!;
      const r = spawnSync(...keelArgv('api'), {
        cwd: root,
        env: { ...process.env, ...testEnv(db.url), KEEL_STREAM_URL: url, KEEL_STREAM_REPLICAS: '3' },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(r.status).toBe(1);
      expect(r.stderr).toMatch(
        /KEEL_STREAM_REPLICAS: is 3, but the NATS server at \S+ is not part of a cluster/,
      );
      const password = new URL(url).password;
      if (password) expect(r.stderr + r.stdout).not.toContain(password);
    } finally {
      await db.drop();
    }
  }, 90_000);
});

describe('keel connector', () => {
  it('refuses to start without its key, naming the setting', async () => {
    const db = await createTestDatabase();
    try {
      const r = spawnSync(...keelArgv('connector'), {
        cwd: root,
        env: { ...process.env, ...testEnv(db.url) },
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(r.status).toBe(1);
      expect(r.stderr).toContain('KEEL_CONNECTOR_API_KEY');
    } finally {
      await db.drop();
    }
  }, 60_000);
});
