// Shared set-up of the scheduler tests: a listening Keel with the scheduler mounted, a clock the tests
// move, the scheduler's credential, and a look at what the store holds.
import { randomBytes } from 'node:crypto';
import { outboxAnalytics } from '../../src/analytics/outbox/record.js';
import { allDomains } from '../../src/app/domains.js';
import { createSql, type Sql } from '../../src/db/sql.js';
import { setupServiceAccounts } from '../../src/delegation/setup.js';
import type { Clock } from '../../src/scheduler/firing.js';
import { schedulerDomain, type SchedulerDomainOptions } from '../../src/scheduler/index.js';
import { schedulerRuntime, type SchedulerDeps, type SchedulerRuntime } from '../../src/scheduler/runtime.js';
import type { NewSchedule } from '../../src/scheduler/store.js';
import { uuidv7 } from '../../src/graph/ids.js';
import { expect } from 'vitest';
import { startTestApp, type TestApp } from '../support/harness.js';

export { eventually } from '../support/eventually.js';

export class ManualClock implements Clock {
  constructor(private t: number) {}
  now(): Date {
    return new Date(this.t);
  }
  set(iso: string | Date): void {
    this.t = new Date(iso).getTime();
  }
  advance(ms: number): void {
    this.t += ms;
  }
}

export interface SchedulerApp extends TestApp {
  scheduler: SchedulerRuntime;
  /** The listening address of the API (the scheduler calls it over HTTP). */
  baseUrl: string;
  clientSecret: string;
}

export async function startSchedulerApp(
  options: SchedulerDomainOptions & { env?: Record<string, string>; database?: { url: string } } = {},
): Promise<SchedulerApp> {
  const { env, database, ...domainOptions } = options;
  const domain = schedulerDomain(domainOptions);
  const clientSecret = randomBytes(24).toString('base64url');
  const app = await startTestApp({
    env: {
      KEEL_SCHEDULER_CLIENT_ID: 'scheduler-test-client',
      KEEL_SCHEDULER_CLIENT_SECRET: clientSecret,
      ...env,
    },
    domains: [...allDomains().filter((d) => d.name !== 'scheduler'), domain],
    ...(database ? { database } : {}),
  });
  await setupServiceAccounts(app.runtime.core);
  await app.api.listen({ host: '127.0.0.1', port: 0 });
  const addr = app.api.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  return Object.assign(app, {
    scheduler: domain.runtimeOf(app.runtime.core),
    baseUrl: `http://127.0.0.1:${port}`,
    clientSecret,
  });
}

/** A system schedule as the store holds it, due at `due` (inserted with insertSchedule, no API call). */
export const dueSystemSchedule = (slug: string, path: string, due: Date): NewSchedule & { id: string } => ({
  id: uuidv7(),
  slug,
  name: slug,
  cron: '0 0 1 1 *',
  timezone: 'UTC',
  enabled: true,
  kind: 'system',
  target_method: 'GET',
  target_path: path,
  target_body: undefined,
  created_by: 'admin@example.com',
  consent_id: null,
  next_run_at: due,
});

/** A user schedule body aimed at `path`. */
export const userSchedule = (slug: string, path: string, extra: Record<string, unknown> = {}) => ({
  slug,
  cron: '*/5 * * * *',
  target: { method: 'GET', path },
  ...extra,
});

/**
 * Scheduler replicas beside the app, made by `start` (in a beforeAll): each on a pool of its own
 * (4 connections), logging nothing, calling the app unless `baseUrl` says otherwise; `stop` stops them
 * and closes their pools.
 */
export function replicaSet() {
  const runtimes: SchedulerRuntime[] = [];
  const pools: Sql[] = [];
  const quiet = { info() {}, warn() {}, error() {} };
  return {
    runtimes,
    pools,
    start(
      app: SchedulerApp,
      n: number,
      deps: Partial<Pick<SchedulerDeps, 'clock' | 'pollMs' | 'maxInFlight' | 'baseUrl'>>,
    ) {
      for (let i = 0; i < n; i++) {
        const sql = createSql(app.url, 4);
        pools.push(sql);
        runtimes.push(
          schedulerRuntime({
            sql,
            log: quiet,
            settings: app.runtime.core.settings,
            recorder: outboxAnalytics(),
            baseUrl: () => app.baseUrl,
            ...deps,
          }),
        );
      }
    },
    async stop() {
      for (const r of runtimes) await r.engine.stop();
      for (const p of pools) await p.close();
    },
  };
}

/** A deleted schedule to hang a long made-up run history on (for the plans of a long history). */
export async function insertFillerSchedule(sql: Sql, id: string): Promise<void> {
  await sql.query(
    `INSERT INTO scheduler.schedules (id, slug, name, cron, timezone, enabled, kind, target_method, target_path,
       created_by, deleted_at)
     VALUES ($1, 'filler', 'filler', '0 * * * *', 'UTC', false, 'system', 'GET', '/health', 'test', now())`,
    [id],
  );
}

/** A schedule created by `token` (201 expected), as answered. */
export async function createSchedule(app: TestApp, token: string, body: Record<string, unknown>) {
  const res = await app.call('POST', '/scheduler/schedules', { token, body });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

/** A schedule as `token` reads it. */
export const readSchedule = async (app: TestApp, slug: string, token: string) =>
  (await app.call('GET', `/scheduler/schedules/${slug}`, { token })).body;

/** A schedule's runs (the first page), newest first. */
export const runsOf = async (app: TestApp, slug: string, token: string) =>
  (await app.call('GET', `/scheduler/schedules/${slug}/runs`, { token })).body as Array<
    Record<string, unknown>
  >;
