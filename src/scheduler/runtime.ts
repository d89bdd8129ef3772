// One process's scheduler: the API client, the token keeper, the firing engine and the service.
import { type AnalyticsRecorder } from '../analytics/index.js';
import type { Settings } from '../config/settings.js';
import type { Sql } from '../db/sql.js';
import { callerVerifier } from './callers.js';
import { firingEngine, type Clock } from './firing.js';
import { keelClient } from './keel-client.js';
import { schedulesService } from './service.js';
import { credentialSource, tokenKeeper } from './tokens.js';
import { targetPermissionCheck } from './target-permission.js';
import { dryRunner } from './dry-run.js';

export interface SchedulerDeps {
  sql: Sql;
  log: Parameters<typeof firingEngine>[0]['log'] & { warn(obj: object, msg: string): void };
  settings: Pick<Settings, 'schedulerService' | 'scheduler' | 'dataDir'>;
  recorder: AnalyticsRecorder;
  /** The Keel API's address, asked for at each call. */
  baseUrl: () => string;
  clock?: Clock;
  pollMs?: number;
  maxInFlight?: number;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

export function schedulerRuntime(deps: SchedulerDeps) {
  const { sql, log, settings, recorder } = deps;
  const s = settings.schedulerService;
  const client = keelClient({ baseUrl: deps.baseUrl, timeoutMs: s.requestTimeoutSeconds * 1000 });
  const tokens = tokenKeeper(client, credentialSource(settings.scheduler, settings.dataDir));
  const engine = firingEngine({
    sql,
    log,
    client,
    tokens,
    recorder,
    misfireGraceSeconds: s.misfireGraceSeconds,
    requestTimeoutSeconds: s.requestTimeoutSeconds,
    runRetentionDays: s.runRetentionDays,
    ...(deps.clock ? { clock: deps.clock } : {}),
    ...(deps.pollMs !== undefined ? { pollMs: deps.pollMs } : {}),
    ...(deps.maxInFlight !== undefined ? { maxInFlight: deps.maxInFlight } : {}),
    ...(deps.sleep ? { sleep: deps.sleep } : {}),
  });
  return {
    client,
    tokens,
    engine,
    verify: callerVerifier(client),
    schedules: schedulesService({
      sql,
      client,
      engine,
      log,
      checkTarget: targetPermissionCheck(client, tokens),
      dryRun: dryRunner(client, tokens),
    }),
  };
}

export type SchedulerRuntime = ReturnType<typeof schedulerRuntime>;
