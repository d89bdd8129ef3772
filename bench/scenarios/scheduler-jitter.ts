// Issue 38: 1,000 schedules due at 06:00 with jitter_seconds 300, against the same without jitter: the
// peak of calls per second the target (in front of the API) sees. `npm run bench -- scheduler-jitter`.
//
// The firing loop reads an injectable clock. Without jitter it runs at real speed and the arrivals are
// counted per real second. With jitter, a clock running SPEED times faster than real time spreads the
// 300 s window over 300 / SPEED real seconds, and the arrivals are counted per second of that clock:
// what the target would see at real speed, as long as the scheduler keeps up (it fires a few hundred
// calls a second; the jittered load is a few a second). The figure is taken on a shared machine.
import { outboxAnalytics } from '../../src/analytics/outbox/record.js';
import { boot } from '../../src/app/boot.js';
import { allDomains } from '../../src/app/domains.js';
import { loadSettings } from '../../src/config/settings.js';
import { randomBytes } from 'node:crypto';
import { createSql } from '../../src/db/sql.js';
import { setupServiceAccounts } from '../../src/delegation/setup.js';
import { uuidv7 } from '../../src/graph/ids.js';
import type { Clock } from '../../src/scheduler/firing.js';
import { schedulerRuntime } from '../../src/scheduler/runtime.js';
import { insertSchedule } from '../../src/scheduler/store.js';
import { jittered } from '../../src/scheduler/triggers.js';
import type { Scenario } from '../lib.js';
import { target } from './scheduler.js';

const SCHEDULES = 1000;
const JITTER = 300;
/** How much faster than real time the jittered case's clock runs (BENCH_JITTER_SPEED; 1: real time). */
const SPEED = Number(process.env.BENCH_JITTER_SPEED ?? 10);
const GOAL_RATIO = 0.1;
const GOAL = `with jitter_seconds ${JITTER}, the peak of calls per second at most ${GOAL_RATIO} of the peak without jitter`;

/** A clock that starts at `start` and runs `speed` times faster than real time. */
function fastClock(start: number, speed: number): Clock {
  const t0 = Date.now();
  return { now: () => new Date(start + (Date.now() - t0) * speed) };
}

export const scenarios: Scenario[] = [
  {
    kind: 'custom',
    set: 'scheduler-jitter',
    name: `scheduler: ${SCHEDULES} schedules due at 06:00, jitter_seconds ${JITTER} against none`,
    goal: { text: GOAL, met: (f) => f.peak_ratio! <= GOAL_RATIO },
    async run(ctx) {
      const clientSecret = randomBytes(24).toString('base64url');
      const settings = loadSettings({
        ...ctx.env,
        KEEL_SCHEDULER_CLIENT_ID: 'scheduler-bench-client',
        KEEL_SCHEDULER_CLIENT_SECRET: clientSecret,
        KEEL_LOG_LEVEL: 'error',
      });
      const runtime = await boot(settings, allDomains());
      const figures: Record<string, number> = {};
      const t = await target(ctx.baseUrl);
      try {
        await setupServiceAccounts(runtime.core);
        for (const [label, jitter, speed] of [
          ['no_jitter', 0, 1],
          ['jitter', JITTER, SPEED],
        ] as const) {
          // 06:00 of a day, reached three seconds (of the clock) after the start.
          const due = Date.UTC(2030, 0, 1, 6, 0, 0);
          const clock = fastClock(due - 3000, speed);
          const seen = new Map<string, number>();
          const prefix = `/bench-target/${label}/`;
          const sql = createSql(runtime.core.settings.databaseUrl!, 8);
          const engine = schedulerRuntime({
            sql,
            log: runtime.core.log,
            settings: runtime.core.settings,
            recorder: outboxAnalytics(),
            baseUrl: () => t.url,
            clock,
            pollMs: 25,
          }).engine;
          for (let i = 0; i < SCHEDULES; i++) {
            const id = uuidv7();
            const spec = {
              id,
              cron: '0 6 * * *',
              timezone: 'UTC',
              every_seconds: null,
              once_at: null,
              created_at: new Date(due - 86_400_000),
              jitter_seconds: jitter,
            };
            await insertSchedule(runtime.core.sql, {
              ...spec,
              slug: `jitter-${label}-${i}`,
              name: `jitter ${i}`,
              enabled: true,
              kind: 'system',
              target_method: 'GET',
              target_path: `${prefix}${i}`,
              target_body: undefined,
              created_by: 'bench',
              consent_id: null,
              next_due_at: new Date(due),
              next_run_at: jittered(spec, new Date(due)),
            });
          }
          engine.start();
          const hits = () => [...t.arrivals.keys()].filter((k) => k.startsWith(prefix));
          const deadline = Date.now() + ((JITTER + 60) * 1000) / speed;
          // Each arrival's time on the scenario's clock (the target records real time; map it back).
          const realStart = Date.now();
          const clockStart = clock.now().getTime();
          while (hits().length < SCHEDULES && Date.now() < deadline) {
            await new Promise((r) => setTimeout(r, 50));
          }
          await engine.stop();
          await sql.close();
          for (const k of hits()) seen.set(k, clockStart + (t.arrivals.get(k)![0]! - realStart) * speed);
          const perSecond = new Map<number, number>();
          for (const at of seen.values()) {
            const s = Math.floor(at / 1000);
            perSecond.set(s, (perSecond.get(s) ?? 0) + 1);
          }
          figures[`${label}_fired`] = seen.size;
          figures[`${label}_peak_calls_per_second`] = Math.max(...perSecond.values());
          const times = [...seen.values()];
          figures[`${label}_spread_seconds`] =
            Math.round((Math.max(...times) - Math.min(...times)) / 100) / 10;
          console.log(
            `  ${label}: ${seen.size} fired, peak ${figures[`${label}_peak_calls_per_second`]} calls/s, ` +
              `spread over ${figures[`${label}_spread_seconds`]} s (clock speed ${speed}x)`,
          );
          await runtime.core.sql.query(
            `UPDATE scheduler.schedules SET deleted_at = now(), enabled = false WHERE slug LIKE $1`,
            [`jitter-${label}-%`],
          );
        }
        figures.peak_ratio =
          Math.round(
            (figures.jitter_peak_calls_per_second! / figures.no_jitter_peak_calls_per_second!) * 1000,
          ) / 1000;
        const met = figures.peak_ratio <= GOAL_RATIO && figures.jitter_fired === SCHEDULES;
        console.log(
          `goal (${GOAL}): ratio ${figures.peak_ratio} (${figures.jitter_peak_calls_per_second} / ` +
            `${figures.no_jitter_peak_calls_per_second} calls/s): ${met ? 'met' : 'NOT met'}`,
        );
      } finally {
        await t.close();
        await runtime.close();
      }
      return figures;
    },
  },
];
