import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finishSetup, setupServiceAccounts } from '../../src/delegation/setup.js';
import { createTestDatabase, startTestApp, testEnv, type TestApp } from '../support/harness.js';
import { clientToken } from './helpers.js';
import { keelArgv } from '../support/keel-process.js';

let app: TestApp;
let admin: string;

beforeAll(async () => {
  app = await startTestApp();
  admin = await app.adminToken();
});
afterAll(() => app.close());

const rolePermissions = async (a: TestApp, token: string) =>
  (await a.call('GET', '/roles/scheduler', { token })).body.permissions as string[];

describe('the seeded scheduler role and auth:delegate permission (SPEC 2.4)', () => {
  it('role scheduler grants auth:delegate and the scoring trigger permissions', async () => {
    const role = await app.call('GET', '/roles/scheduler', { token: admin });
    expect(role.status).toBe(200);
    expect(role.body.builtin).toBe(true);
    expect(role.body.permissions.sort()).toEqual([
      'auth:delegate',
      'scoring:recompute',
      'scoring:trigger-scheduled',
    ]);
  });
});

describe('setup-service-accounts creates the scheduler account, its role and a credential, once', () => {
  it('first run: creates, assigns, generates; the credential authenticates', async () => {
    const first = await setupServiceAccounts(app.runtime.core);
    expect(first).toMatchObject({ account: 'created', role: 'assigned', credential: { kind: 'generated' } });
    const sa = await app.call('GET', '/service-accounts/scheduler', { token: admin });
    expect(sa.body).toMatchObject({ slug: 'scheduler', is_active: true, roles: ['scheduler'] });
    const c = first.credential as { client_id: string; client_secret: string };
    const token = await clientToken(app, { clientId: c.client_id, clientSecret: c.client_secret });
    const me = await app.call('GET', '/auth/me', { token });
    expect(me.body.permissions).toContain('auth:delegate');
  });

  it('second run: changes nothing and never shows or rotates the credential', async () => {
    const before = await app.call('GET', '/service-accounts/scheduler/client-credentials', { token: admin });
    const again = await setupServiceAccounts(app.runtime.core);
    expect(again).toEqual({
      account: 'existing',
      role: 'unchanged',
      credential: { kind: 'kept', client_id: before.body[0].client_id },
    });
    const after = await app.call('GET', '/service-accounts/scheduler/client-credentials', { token: admin });
    expect(after.body).toEqual(before.body);
  });

  it("keeps an operator's widening and narrowing of the role, across setup and restarts", async () => {
    const perms = await rolePermissions(app, admin);
    const changed = [...perms.filter((p) => p !== 'scoring:trigger-scheduled'), 'project:read'];
    await app.call('PATCH', '/roles/scheduler', { token: admin, body: { permissions: changed } });
    await setupServiceAccounts(app.runtime.core);
    const restarted = await startTestApp({ database: { url: app.url } });
    try {
      await setupServiceAccounts(restarted.runtime.core);
      expect((await rolePermissions(app, admin)).sort()).toEqual([...changed].sort());
    } finally {
      await restarted.api.close();
      await restarted.runtime.close();
      await app.call('PATCH', '/roles/scheduler', { token: admin, body: { permissions: perms } });
    }
  });

  it('an account an operator gave other roles keeps exactly those', async () => {
    const other = await startTestApp();
    try {
      const token = await other.adminToken();
      await other.call('POST', '/service-accounts', {
        token,
        body: { slug: 'scheduler', display_name: 'S' },
      });
      await other.call('PUT', '/service-accounts/scheduler/roles/member', { token });
      const r = await setupServiceAccounts(other.runtime.core);
      expect(r).toMatchObject({ account: 'existing', role: 'unchanged', credential: { kind: 'generated' } });
      expect((await other.call('GET', '/service-accounts/scheduler', { token })).body.roles).toEqual([
        'member',
      ]);
    } finally {
      await other.close();
    }
  });
});

describe('KEEL_SCHEDULER_CLIENT_ID / KEEL_SCHEDULER_CLIENT_SECRET are adopted when both are set', () => {
  const env = {
    KEEL_SCHEDULER_CLIENT_ID: 'scheduler-prod',
    KEEL_SCHEDULER_CLIENT_SECRET: 'a-long-configured-secret-value-for-the-scheduler',
  };

  it('adopts them once, then keeps them; the configured secret authenticates', async () => {
    const a = await startTestApp({ env });
    try {
      expect((await setupServiceAccounts(a.runtime.core)).credential).toEqual({
        kind: 'adopted',
        client_id: 'scheduler-prod',
      });
      expect((await setupServiceAccounts(a.runtime.core)).credential).toEqual({
        kind: 'kept',
        client_id: 'scheduler-prod',
      });
      await clientToken(a, {
        clientId: env.KEEL_SCHEDULER_CLIENT_ID,
        clientSecret: env.KEEL_SCHEDULER_CLIENT_SECRET,
      });
      // A changed secret for the same id is not adopted: the stored credential is never rotated.
      const changed = await startTestApp({
        database: { url: a.url },
        env: { ...env, KEEL_SCHEDULER_CLIENT_SECRET: 'another-secret-entirely-for-the-same-client-id' },
      });
      try {
        const r = await setupServiceAccounts(changed.runtime.core);
        expect(r.credential).toMatchObject({ kind: 'conflict', client_id: 'scheduler-prod' });
        const report = finishSetup(r, { embedded: false, dataDir: '/nonexistent' });
        expect(report.warning).toMatch(/never rotated/);
        expect(report.warning).not.toContain('another-secret-entirely');
        await clientToken(changed, {
          clientId: env.KEEL_SCHEDULER_CLIENT_ID,
          clientSecret: env.KEEL_SCHEDULER_CLIENT_SECRET,
        });
      } finally {
        await changed.api.close();
        await changed.runtime.close();
      }
    } finally {
      await a.close();
    }
  });
});

describe('where a generated secret goes', () => {
  const outcome = {
    account: 'created',
    role: 'assigned',
    credential: { kind: 'generated', client_id: 'scheduler-abc', client_secret: 'generated-secret-123' },
  } as const;

  it('printed once when Keel runs on a configured database', () => {
    const { lines } = finishSetup(outcome, { embedded: false, dataDir: '/nonexistent' });
    expect(lines.filter((l) => l.includes('generated-secret-123'))).toEqual([
      '  KEEL_SCHEDULER_CLIENT_SECRET=generated-secret-123',
    ]);
  });

  it('kept in the data dir (mode 0600) in embedded mode, and not printed', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'keel-setup-'));
    try {
      const { lines } = finishSetup(outcome, { embedded: true, dataDir: dir });
      expect(lines.join('\n')).not.toContain('generated-secret-123');
      const file = path.join(dir, 'secrets.json');
      const stored = JSON.parse(fs.readFileSync(file, 'utf8'));
      expect(stored).toMatchObject({
        scheduler_client_id: 'scheduler-abc',
        scheduler_client_secret: 'generated-secret-123',
      });
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** Runs the real CLI; resolves when it exits, or when `until` matches its output (then stops it). */
function keel(
  args: string[],
  env: Record<string, string | undefined>,
  until?: RegExp,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(...keelArgv(...args), {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`keel ${args.join(' ')} timed out:\n${stdout}\n${stderr}`));
    }, 25_000);
    child.stdout.on('data', (d) => {
      stdout += String(d);
      if (until?.test(stdout)) child.kill('SIGTERM');
    });
    child.stderr.on('data', (d) => (stderr += String(d)));
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe('the keel commands', () => {
  let db: { url: string; drop(): Promise<void> };
  let env: Record<string, string | undefined>;
  beforeAll(async () => {
    db = await createTestDatabase();
    env = testEnv(db.url, { KEEL_LOG_LEVEL: 'info' });
  });
  afterAll(() => db.drop());

  it('keel setup-service-accounts prints a generated credential once, then keeps it', async () => {
    const first = await keel(['setup-service-accounts'], env);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain('created service account scheduler');
    const secret = /KEEL_SCHEDULER_CLIENT_SECRET=(\S+)/.exec(first.stdout)?.[1];
    expect(secret).toBeDefined();
    const second = await keel(['setup-service-accounts'], env);
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(/kept as it is/);
    expect(second.stdout).not.toContain(secret!);
  });

  it('one of KEEL_SCHEDULER_CLIENT_ID / _SECRET without the other is a start-up error', async () => {
    const r = await keel(['setup-service-accounts'], { ...env, KEEL_SCHEDULER_CLIENT_ID: 'x' });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/KEEL_SCHEDULER_CLIENT_SECRET.*must be set together/);
  });

  it('keel serve runs the same step at start-up and starts the recompute worker', async () => {
    const fresh = await createTestDatabase();
    try {
      const r = await keel(['serve'], testEnv(fresh.url), /Keel is listening/);
      expect(r.stdout).toContain('created service account scheduler');
      expect(r.stdout).toMatch(/KEEL_SCHEDULER_CLIENT_SECRET=\S+/);
      expect(r.stdout).toMatch(/"task":"scoring-recompute".*"background task started"/);
    } finally {
      await fresh.drop();
    }
  });

  it('keel worker starts the recompute worker and no API', async () => {
    const r = await keel(['worker'], env, /background task started/);
    expect(r.stdout).toMatch(/"task":"scoring-recompute"/);
    expect(r.stdout).not.toContain('Keel is listening');
  });
});
