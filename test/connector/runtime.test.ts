// The connector runtime inside `keel serve`: it is handed its sinks in process (no HTTP, so no
// connector key is needed) and moves stream rows into the analytics store (here the embedded engine).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boot } from '../../src/app/boot.js';
import { allDomains } from '../../src/app/domains.js';
import { run, type Running } from '../../src/app/run.js';
import { openAnalyticsStore } from '../../src/analytics/store/index.js';
import { clickhouseTime } from '../../src/analytics/topology/shapes.js';
import { loadSettings } from '../../src/config/settings.js';
import { createSql } from '../../src/db/sql.js';
import { postgresStream } from '../../src/analytics/stream/postgres.js';
import { createTestDatabase, testEnv } from '../support/harness.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'keel-connector-'));
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let running: Running;
let settings: ReturnType<typeof loadSettings>;

beforeAll(async () => {
  db = await createTestDatabase();
  // No KEEL_CONNECTOR_API_KEY: the endpoint refuses every caller, and `keel connector` would not
  // start; the connector of `keel serve` does not need it.
  settings = loadSettings(testEnv(db.url, { KEEL_DATA_DIR: dataDir, KEEL_LOG_LEVEL: 'warn' }));
  expect(settings.connector.apiKey).toBeUndefined();
  running = await run(await boot(settings, allDomains()), 'serve');
});
afterAll(async () => {
  await running?.stop();
  await db?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('connector runtime in keel serve', () => {
  it('is handed its sinks in process and writes published rows to the analytics store', async () => {
    const projectId = randomUUID();
    const rows = Array.from({ length: 1500 }, (_, i) => ({
      project_id: projectId,
      organization: 'acme',
      project: 'web',
      score: i,
      previous_score: null,
      reason: 'policy changed',
      requested_by: 'test',
      computed_at: clickhouseTime(new Date(Date.UTC(2026, 0, 1, 0, 0, i))),
    }));
    // Another process's view of the same stream (the relay's job in production).
    const sql = createSql(db.url, 2);
    const port = postgresStream(sql);
    await port.publish(
      'score_history',
      'project-score',
      0,
      rows.map((r, i) => ({ id: `${projectId}-${i}`, payload: JSON.stringify(r), headers: {} })),
    );
    // The engine is this process's; a store handle on the same directory shares its session.
    const store = openAnalyticsStore(settings);
    const count = async () =>
      Number(
        (
          await store
            .query<{ c: number }>(
              `SELECT count() AS c FROM keel.score_history WHERE project_id = '${projectId}'`,
            )
            .catch(() => [{ c: 0 }])
        )[0]!.c,
      );
    const end = Date.now() + 30_000;
    while ((await count()) < 1500 && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
    expect(await count()).toBe(1500);
    await store.close();
    await port.close();
    await sql.close();
  }, 60_000);
});
