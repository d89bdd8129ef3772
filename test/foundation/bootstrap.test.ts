// Issue 2, section 5: KEEL_BOOTSTRAP_ADMIN_EMAIL + KEEL_BOOTSTRAP_ADMIN_PASSWORD create that admin at
// start-up when no user with that email exists (idempotent across restarts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, startTestApp, type TestApp } from '../support/harness.js';

let db: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

const bootstrap = (email: string, password: string) => ({
  KEEL_BOOTSTRAP_ADMIN_EMAIL: email,
  KEEL_BOOTSTRAP_ADMIN_PASSWORD: password,
});

async function withApp<T>(env: Record<string, string>, fn: (app: TestApp) => Promise<T>): Promise<T> {
  const app = await startTestApp({ database: { url: db.url }, env });
  try {
    return await fn(app);
  } finally {
    await app.close();
  }
}

const login = (app: TestApp, email: string, password: string) =>
  app.call('POST', '/auth/login', { body: { email, password } });

async function userRows(app: TestApp) {
  return app.runtime.core.sql.query<{ email: string; is_admin: boolean }>(
    `SELECT props->>'email' AS email, (props->>'is_admin')::boolean AS is_admin
       FROM graph_nodes WHERE label = 'User' ORDER BY id`,
  );
}

describe('the bootstrap admin is created at start-up, once', () => {
  it('the first start creates that admin user, who can log in and is an admin', async () => {
    await withApp(bootstrap('Root@Boot.Test', 'first-password-1'), async (app) => {
      expect(await userRows(app)).toEqual([{ email: 'Root@Boot.Test', is_admin: true }]);
      const res = await login(app, 'root@boot.test', 'first-password-1');
      expect(res.status).toBe(200);
      const me = await app.call('GET', '/auth/me', { token: res.body.access_token });
      expect(me.body).toMatchObject({
        principal_type: 'user',
        principal_name: 'Root@Boot.Test',
        is_admin: true,
      });
      const created = app.logs.filter((l) => l.includes('bootstrap admin created'));
      expect(created).toHaveLength(1);
      expect(created[0]).toContain('Root@Boot.Test');
      expect(app.transcript()).not.toContain('first-password-1');
    });
  });

  it('a second start on the same database creates nothing and keeps the stored password', async () => {
    await withApp(bootstrap('root@BOOT.test', 'second-password-2'), async (app) => {
      expect(await userRows(app)).toEqual([{ email: 'Root@Boot.Test', is_admin: true }]);
      expect(app.logs.some((l) => l.includes('bootstrap admin created'))).toBe(false);
      expect((await login(app, 'root@boot.test', 'first-password-1')).status).toBe(200);
      expect((await login(app, 'root@boot.test', 'second-password-2')).status).toBe(401);

      const token = (await login(app, 'root@boot.test', 'first-password-1')).body.access_token;
      const plain = await app.call('POST', '/users', {
        token,
        body: { email: 'plain@boot.test', password: 'plain-password-1' },
      });
      expect(plain.status).toBe(201);
    });
  });

  it('an email that already belongs to a user is left as it is (not promoted, password unchanged)', async () => {
    await withApp(bootstrap('plain@boot.test', 'takeover-password-1'), async (app) => {
      const rows = await userRows(app);
      expect(rows).toEqual([
        { email: 'Root@Boot.Test', is_admin: true },
        { email: 'plain@boot.test', is_admin: false },
      ]);
      expect((await login(app, 'plain@boot.test', 'takeover-password-1')).status).toBe(401);
      expect((await login(app, 'plain@boot.test', 'plain-password-1')).status).toBe(200);
    });
  });

  it('another bootstrap email on an existing database adds that admin', async () => {
    await withApp(bootstrap('second-root@boot.test', 'second-root-password-1'), async (app) => {
      expect((await userRows(app)).map((u) => u.email)).toEqual([
        'Root@Boot.Test',
        'plain@boot.test',
        'second-root@boot.test',
      ]);
      const res = await login(app, 'second-root@boot.test', 'second-root-password-1');
      const me = await app.call('GET', '/auth/me', { token: res.body.access_token });
      expect(me.body.is_admin).toBe(true);
    });
  });
});
