// A configured database that restarts or fails over while a process starts cuts its start-up
// connections (SQLSTATE 57P01). Start-up begins again from the top within KEEL_DATABASE_START_WAIT_MS
// instead of exiting: a `keel connector` whose migrations' connection was cut this way used to exit 1.
// The cut is made deterministic with the migrations' own advisory lock: this file holds it, so the
// starting process waits on it, and its waiting backend is the one terminated.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boot, type Runtime } from '../../src/app/boot.js';
import { allDomains } from '../../src/app/domains.js';
import { loadSettings } from '../../src/config/settings.js';
import { MIGRATION_LOCK } from '../../src/db/migrate.js';
import { createTestDatabase, testEnv } from '../support/harness.js';
import { eventually } from '../support/eventually.js';

describe('start-up while the database cuts its connections', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let holder: pg.Client;
  const runtimes: Runtime[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    holder = new pg.Client({ connectionString: db.url });
    await holder.connect();
  });
  afterAll(async () => {
    for (const r of runtimes) await r.close();
    await holder?.end();
    await db?.drop();
  });

  /** Boots with the migration lock held; collects the log lines. */
  function bootHeld(env: Record<string, string> = {}) {
    const lines: Array<{ msg: string; attempt?: number; err?: string }> = [];
    const settings = loadSettings(testEnv(db.url, { KEEL_LOG_LEVEL: 'warn', ...env }));
    const booting = boot(settings, allDomains(), {
      logStream: { write: (line: string) => void lines.push(JSON.parse(line)) },
    }).then((r) => {
      runtimes.push(r);
      return r;
    });
    booting.catch(() => {});
    return { booting, lines };
  }

  /** Terminates the backend waiting for the migration lock, once one waits; answers how many it cut. */
  async function cutTheWaiter(): Promise<number> {
    return eventually(async () => {
      const r = await holder.query<{ n: number }>(
        `SELECT count(pg_terminate_backend(l.pid))::int AS n FROM pg_locks l
          WHERE l.locktype = 'advisory' AND NOT l.granted AND l.objid = $1
            AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
        [MIGRATION_LOCK],
      );
      return r.rows[0]!.n;
    }, 20_000);
  }

  /** How many backends of this database wait for the migration lock. */
  const waiters = async () =>
    (
      await holder.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_locks
          WHERE locktype = 'advisory' AND NOT granted AND objid = $1
            AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
        [MIGRATION_LOCK],
      )
    ).rows[0]!.n;

  it('starts again after the cut, says so in the log, and ends up running on the database', async () => {
    await holder.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    const { booting, lines } = bootHeld();
    try {
      expect(await cutTheWaiter()).toBe(1);
      // The second try waits for the lock too, on a new connection: the cut did not end start-up.
      expect(await eventually(async () => (await waiters()) === 1, 20_000)).toBe(true);
    } finally {
      await holder.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
    const runtime = await booting;
    expect(await runtime.core.sql.one<{ ok: number }>('SELECT 1 AS ok')).toEqual({ ok: 1 });
    const warnings = lines.filter((l) => l.msg.startsWith('start-up: the database cannot be reached'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({
      attempt: 1,
      err: 'terminating connection due to administrator command',
    });
  });

  it('with KEEL_DATABASE_START_WAIT_MS=0, the first cut ends start-up with the error', async () => {
    await holder.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    const { booting, lines } = bootHeld({ KEEL_DATABASE_START_WAIT_MS: '0' });
    try {
      expect(await cutTheWaiter()).toBe(1);
      await expect(booting).rejects.toMatchObject({ code: '57P01' });
    } finally {
      await holder.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
    expect(lines.filter((l) => l.msg.startsWith('start-up:'))).toEqual([]);
  });

  it('an error that is not the database going away ends start-up at once, without waiting', async () => {
    const url = new URL(db.url);
    url.pathname = '/keel_no_such_database';
    const settings = loadSettings(testEnv(url.toString(), { KEEL_LOG_LEVEL: 'warn' }));
    const lines: string[] = [];
    await expect(
      boot(settings, allDomains(), { logStream: { write: (l: string) => void lines.push(l) } }),
    ).rejects.toMatchObject({ code: '3D000' });
    // One try: no warning, so no wait before another.
    expect(lines.filter((l) => l.includes('start-up:'))).toEqual([]);
  });
});
