// Embedded mode (`npm start`): the service connects to its own PostgreSQL as a role that is not a
// superuser. The cluster owner migrates; the application role reads and writes the data and nothing
// more. Its password is generated into the data dir (0600) and never appears on a command line. A
// data dir made by an older version, where the service connected as the owner, keeps working.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { boot, migrateAndSeed, type Runtime } from '../../src/app/boot.js';
import { allDomains } from '../../src/app/domains.js';
import { loadOrCreateSecrets, secretsFile } from '../../src/config/data-dir-secrets.js';
import { loadSettings } from '../../src/config/settings.js';
import { JwtSigner } from '../../src/crypto/jwt.js';
import { APP_ROLE } from '../../src/db/app-role.js';
import { startEmbeddedPostgres } from '../../src/db/embedded.js';
import { createSql } from '../../src/db/sql.js';
import { buildApi } from '../../src/app/api.js';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'keel-embedded-role-'));
  fs.chmodSync(dir, 0o755); // as root, the server runs as the postgres user
  dirs.push(dir);
  return dir;
}

const bootEmbedded = (dir: string) =>
  boot(loadSettings({ KEEL_DATA_DIR: dir, KEEL_LOG_LEVEL: 'warn', KEEL_PORT: '0' }), allDomains());

async function whoAmI(runtime: Runtime) {
  return runtime.core.sql.one<{ name: string; rolsuper: boolean }>(
    'SELECT current_user AS name, rolsuper FROM pg_roles WHERE rolname = current_user',
  );
}

/** Tables and sequences of Keel's schemas the application role may not use fully (should be none). */
async function missingGrants(runtime: Runtime): Promise<string[]> {
  const rows = await runtime.core.sql.query<{ name: string }>(
    `SELECT n.nspname || '.' || c.relname AS name
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname IN ('public', 'scheduler')
        AND ((c.relkind IN ('r', 'p') AND NOT has_table_privilege(c.oid, 'SELECT, INSERT, UPDATE, DELETE'))
          OR (c.relkind = 'S' AND NOT has_sequence_privilege(c.oid, 'USAGE, SELECT, UPDATE')))`,
  );
  return rows.map((r) => r.name);
}

/** What the application role may not do: each statement must be refused by PostgreSQL. */
const FORBIDDEN = [
  'CREATE TABLE intruder (a int)',
  'DROP TABLE graph_nodes',
  'ALTER TABLE graph_nodes ADD COLUMN intruder int',
  "SELECT pg_read_file('PG_VERSION')",
  "COPY (SELECT 1) TO PROGRAM 'true'",
  'CREATE ROLE intruder SUPERUSER',
  `ALTER ROLE ${APP_ROLE} SUPERUSER`,
  'TRUNCATE graph_edges',
];

/** Every process's command line, as any local user can read it. */
function commandLines(): string[] {
  return fs
    .readdirSync('/proc')
    .filter((p) => /^\d+$/.test(p))
    .flatMap((p) => {
      try {
        return [fs.readFileSync(`/proc/${p}/cmdline`, 'utf8').replace(/\0/g, ' ')];
      } catch {
        return [];
      }
    });
}

describe('embedded mode connects as a role that is not a superuser', () => {
  const dir = dataDir();

  it('on first start: the role is created, owns no superpower, and reaches every table', async () => {
    const runtime = await bootEmbedded(dir);
    try {
      expect(await whoAmI(runtime)).toEqual({ name: APP_ROLE, rolsuper: false });
      expect(await missingGrants(runtime)).toEqual([]);
      for (const statement of FORBIDDEN) {
        await expect(runtime.core.sql.query(statement), statement).rejects.toThrow(
          /permission denied|must be (the )?owner|must be superuser|only roles with/i,
        );
      }
      // It does its work: a user written and read back, migrations' tables in use.
      await runtime.core.identity.users.createUnchecked(
        { email: 'kept@example.com', is_admin: false },
        'test',
      );
      expect(await runtime.core.identity.users.findByEmailUnchecked('kept@example.com')).toBeTruthy();

      const file = secretsFile(dir);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      const secrets = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
      expect(secrets.postgres_app_password).toMatch(/^[A-Za-z0-9_-]{24}$/);
      expect(secrets.postgres_app_password).not.toBe(secrets.postgres_password);
      const lines = commandLines();
      expect(lines.some((l) => l.includes(path.join(dir, 'pg')))).toBe(true); // the server is there
      for (const pw of [secrets.postgres_app_password!, secrets.postgres_password!]) {
        expect(lines.filter((l) => l.includes(pw))).toEqual([]);
      }
    } finally {
      await runtime.close();
    }
  }, 120_000);

  it('on the next start: the same role and the same data', async () => {
    const runtime = await bootEmbedded(dir);
    try {
      expect(await whoAmI(runtime)).toEqual({ name: APP_ROLE, rolsuper: false });
      expect(await runtime.core.identity.users.findByEmailUnchecked('kept@example.com')).toBeTruthy();
    } finally {
      await runtime.close();
    }
  }, 120_000);

  it('a token for another audience is refused by the API (tokens carry aud)', async () => {
    const runtime = await bootEmbedded(dir);
    try {
      const api = await buildApi(runtime.core, runtime.domains);
      await api.ready();
      const user = await runtime.core.identity.users.findByEmailUnchecked('kept@example.com');
      const issued = await runtime.core.identity.tokens.signIn(
        { id: user!.id, email: 'kept@example.com' },
        'password',
      );
      const me = (token: string) =>
        api.inject({ method: 'GET', url: '/auth/me', headers: { authorization: `Bearer ${token}` } });
      expect((await me(issued.access_token)).statusCode).toBe(200);
      const claims = JSON.parse(Buffer.from(issued.access_token.split('.')[1]!, 'base64url').toString());
      expect(claims.aud).toBe('keel-api');
      const { iss: _iss, aud: _aud, ...rest } = claims;
      const elsewhere = new JwtSigner(
        runtime.core.settings.auth.jwtPrivateKey!,
        runtime.core.settings.auth.issuer,
        'another-api',
      );
      expect((await me(elsewhere.sign(rest))).statusCode).toBe(401);
      await api.close();
    } finally {
      await runtime.close();
    }
  }, 120_000);
});

describe('a data dir from an older version (the service connected as the owner)', () => {
  it('keeps working: the role is created at the next start and reaches the old tables and data', async () => {
    const dir = dataDir();
    // What an older version left: secrets without the application role's password, a cluster
    // migrated and written to by the owner.
    const old = loadOrCreateSecrets(dir);
    const { postgres_app_password: _unused, ...older } = old;
    fs.writeFileSync(secretsFile(dir), JSON.stringify(older, null, 2), { mode: 0o600 });
    const db = await startEmbeddedPostgres(path.join(dir, 'pg'), old.postgres_password);
    try {
      const owner = createSql(db.url, 2);
      await migrateAndSeed(owner, allDomains());
      await owner.query(`DROP ROLE IF EXISTS ${APP_ROLE}`);
      await owner.query(
        `INSERT INTO graph_nodes (id, label, props) VALUES (gen_random_uuid(), 'Environment', '{"slug": "legacy", "name": "Legacy"}')`,
      );
      await owner.close();
    } finally {
      await db.stop();
    }

    const runtime = await bootEmbedded(dir);
    try {
      expect(await whoAmI(runtime)).toEqual({ name: APP_ROLE, rolsuper: false });
      expect(await missingGrants(runtime)).toEqual([]);
      const legacy = await runtime.core.sql.one<{ name: string }>(
        `SELECT props->>'name' AS name FROM graph_nodes WHERE label = 'Environment' AND props->>'slug' = 'legacy'`,
      );
      expect(legacy).toEqual({ name: 'Legacy' });
      await runtime.core.sql.query(
        `UPDATE graph_nodes SET props = props || '{"name": "Renamed"}' WHERE props->>'slug' = 'legacy'`,
      );
      const secrets = JSON.parse(fs.readFileSync(secretsFile(dir), 'utf8')) as Record<string, string>;
      expect(secrets.postgres_app_password).toBeTruthy();
      expect(secrets.postgres_password).toBe(old.postgres_password);
    } finally {
      await runtime.close();
    }
  }, 180_000);
});
