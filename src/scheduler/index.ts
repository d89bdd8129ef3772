// The scheduler service (SPEC 1.1, 3, 4.3, 5): cron schedules that call the Keel API over HTTP, as the
// scheduler's service account or, through a consent, as a user. It reaches Keel only over HTTP; in
// `keel serve` the API it calls is the server's own address. See docs/scheduler.md.
import type { Api, Domain } from '../kernel/domain.js';
import type { Core } from '../kernel/core.js';
import type { Clock } from './firing.js';
import { schedulerRoutes } from './routes.js';
import { schedulerRuntime, type SchedulerRuntime } from './runtime.js';
import { schedulerMigrations } from './store.js';
import { ensureSystemSchedules } from './system.js';

export interface SchedulerDomainOptions {
  clock?: Clock;
  pollMs?: number;
  maxInFlight?: number;
  /** The wait between a run's attempts (tests shorten it). */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

/** The address of a listening server, for a client in the same process. */
function ownAddress(api: Api, host: string): string {
  const addr = api.server.address();
  if (!addr || typeof addr !== 'object')
    throw new Error('the scheduler does not know the Keel API address yet');
  const h = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
  return `http://${h.includes(':') ? `[${h}]` : h}:${addr.port}`;
}

export function schedulerDomain(options: SchedulerDomainOptions = {}): Domain & {
  runtimeOf(core: Core): SchedulerRuntime;
} {
  const runtimes = new WeakMap<Core, SchedulerRuntime>();
  const servers = new WeakMap<Core, Api>();

  function runtimeOf(core: Core): SchedulerRuntime {
    let r = runtimes.get(core);
    if (!r) {
      const configured = core.settings.schedulerService.apiUrl;
      r = schedulerRuntime({
        sql: core.sql,
        log: core.log,
        settings: core.settings,
        recorder: core.analytics,
        baseUrl: () => {
          if (configured) return configured;
          const api = servers.get(core);
          if (!api) throw new Error('KEEL_SCHEDULER_API_URL is not set and no Keel API runs in this process');
          return ownAddress(api, core.settings.host);
        },
        ...options,
      });
      runtimes.set(core, r);
    }
    return r;
  }

  return {
    name: 'scheduler',
    migrations: schedulerMigrations,
    runtimeOf,
    routes: async (api, core) => {
      if (!servers.has(core)) servers.set(core, api);
      const r = runtimeOf(core);
      await schedulerRoutes(api, r.verify, r.schedules);
    },
    background: [
      {
        name: 'scheduler',
        roles: ['scheduler'],
        start: async (core) => {
          const r = runtimeOf(core);
          const ensured = await ensureSystemSchedules(core.sql, r.engine.clock.now());
          for (const schedule of ensured.reclaimed) {
            core.log.warn(
              { schedule },
              'a schedule held a built-in slug: deleted, the system schedule takes it back',
            );
          }
          for (const schedule of ensured.created) core.log.info({ schedule }, 'system schedule created');
          r.engine.start();
          return { stop: () => r.engine.stop() };
        },
      },
    ],
  };
}
