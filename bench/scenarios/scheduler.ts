// Issue 12: 1,000 schedules due in the same second, fired by one and by three scheduler replicas (each
// with its own connection pool, in this process) against a listening target in front of the API.
// Measured: the time until all have fired and the delay between due time and the request reaching the
// target, per request; double fires. Baseline: the same 1,000 requests sent straight to the target,
// over as many connections as a replica keeps to the API.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { Agent, fetch as undiciFetch } from 'undici';
import { outboxAnalytics } from '../../src/analytics/outbox/record.js';
import { boot } from '../../src/app/boot.js';
import { allDomains } from '../../src/app/domains.js';
import { loadSettings } from '../../src/config/settings.js';
import { createSql } from '../../src/db/sql.js';
import { setupServiceAccounts } from '../../src/delegation/setup.js';
import { uuidv7 } from '../../src/graph/ids.js';
import { API_CONNECTIONS } from '../../src/scheduler/keel-client.js';
import { schedulerRuntime } from '../../src/scheduler/runtime.js';
import { insertSchedule } from '../../src/scheduler/store.js';
import { median, type Scenario } from '../lib.js';

const SCHEDULES = 1000;
const GOAL = 'all fired within 5 s, p99 delay < 1 s, zero double fires';

/** Records when each /bench-target/ request arrives; everything else goes on to the API. */
export async function target(apiUrl: string) {
  const arrivals = new Map<string, number[]>();
  const server = http.createServer((req, res) => {
    const at = Date.now();
    const url = req.url ?? '/';
    if (url.startsWith('/bench-target/')) {
      const list = arrivals.get(url) ?? [];
      list.push(at);
      arrivals.set(url, list);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const headers: Record<string, string> = {};
      for (const h of ['content-type', 'authorization'])
        if (req.headers[h]) headers[h] = String(req.headers[h]);
      fetch(`${apiUrl}${url}`, {
        method: req.method ?? 'GET',
        headers,
        ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}),
      }).then(
        async (r) =>
          res
            .writeHead(r.status, { 'content-type': r.headers.get('content-type') ?? 'text/plain' })
            .end(Buffer.from(await r.arrayBuffer())),
        () => res.writeHead(502).end(),
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, arrivals, close: () => new Promise<void>((r) => server.close(() => r())) };
}

const p99 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)] ?? NaN;
};

export const scenarios: Scenario[] = [
  {
    kind: 'custom',
    name: `scheduler: ${SCHEDULES} schedules due in the same second, 1 and 3 replicas`,
    goal: {
      text: `${GOAL}, with 1 and with 3 replicas`,
      met: (f) =>
        [1, 3].every(
          (n) =>
            f[`replicas${n}_fired`] === SCHEDULES &&
            f[`replicas${n}_all_fired_ms`]! <= 5000 &&
            f[`replicas${n}_p99_delay_ms`]! < 1000 &&
            f[`replicas${n}_double_fires`] === 0,
        ),
    },
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
        // Baseline: the same number of requests, sent at once by one client straight to the target, over
        // a replica's number of connections (one connection each overflows the target's accept queue).
        const direct = new Agent({ connections: API_CONNECTIONS });
        const b0 = Date.now();
        await Promise.all(
          Array.from({ length: SCHEDULES }, (_, i) =>
            undiciFetch(`${t.url}/bench-target/direct/${i}`, { dispatcher: direct }).then((r) =>
              r.arrayBuffer(),
            ),
          ),
        );
        figures.baseline_direct_1000_ms = Date.now() - b0;
        await direct.close();

        for (const replicas of [1, 3]) {
          const pools = Array.from({ length: replicas }, () =>
            createSql(runtime.core.settings.databaseUrl!, 8),
          );
          const engines = pools.map(
            (sql) =>
              schedulerRuntime({
                sql,
                log: runtime.core.log,
                settings: runtime.core.settings,
                recorder: outboxAnalytics(),
                baseUrl: () => t.url,
              }).engine,
          );
          // Due a few seconds ahead, on a whole second: every schedule is due at the same instant.
          const due = new Date(Math.ceil(Date.now() / 1000) * 1000 + 3000);
          const prefix = `/bench-target/r${replicas}/`;
          const rows = Array.from({ length: SCHEDULES }, (_, i) => ({
            id: uuidv7(),
            slug: `bench-r${replicas}-${i}`,
            name: `bench ${i}`,
            cron: '0 0 1 1 *',
            timezone: 'UTC',
            enabled: true,
            kind: 'system' as const,
            target_method: 'GET' as const,
            target_path: `${prefix}${i}`,
            target_body: undefined,
            created_by: 'bench',
            consent_id: null,
            next_run_at: due,
          }));
          for (const r of rows) await insertSchedule(runtime.core.sql, r);
          for (const e of engines) e.start();
          const deadline = due.getTime() + 30_000;
          const hits = () => [...t.arrivals.entries()].filter(([k]) => k.startsWith(prefix));
          while (hits().length < SCHEDULES && Date.now() < deadline)
            await new Promise((r) => setTimeout(r, 20));
          // A little longer, so that a double fire would show.
          await new Promise((r) => setTimeout(r, 1000));
          for (const e of engines) await e.stop();
          for (const p of pools) await p.close();
          const all = hits();
          const delays = all.map(([, at]) => at[0]! - due.getTime());
          const doubles = all.reduce((n, [, at]) => n + at.length - 1, 0);
          const key = `replicas${replicas}`;
          figures[`${key}_fired`] = all.length;
          figures[`${key}_all_fired_ms`] = all.length === SCHEDULES ? Math.max(...delays) : NaN;
          figures[`${key}_p99_delay_ms`] = p99(delays);
          figures[`${key}_min_delay_ms`] = Math.min(...delays);
          figures[`${key}_p50_delay_ms`] = median(delays);
          figures[`${key}_double_fires`] = doubles;
          // The shape of the delays: a gap of empty buckets is a stall (connections dropped and retried).
          const buckets = new Map<number, number>();
          for (const d of delays) {
            const at = Math.floor(d / 100) * 100;
            buckets.set(at, (buckets.get(at) ?? 0) + 1);
          }
          console.log(
            `  ${replicas} replica(s), arrivals per 100 ms after the due time: ` +
              [...buckets]
                .sort((a, b) => a[0] - b[0])
                .map(([at, n]) => `${at}: ${n}`)
                .join(', '),
          );
          figures[`${key}_ratio_to_baseline`] =
            Math.round((figures[`${key}_all_fired_ms`]! / figures.baseline_direct_1000_ms) * 100) / 100;
          const met =
            all.length === SCHEDULES && Math.max(...delays) <= 5000 && p99(delays) < 1000 && doubles === 0;
          console.log(`goal (${GOAL}), ${replicas} replica(s): ${met ? 'met' : 'NOT met'}`);
          await runtime.core.sql.query(
            `UPDATE scheduler.schedules SET deleted_at = now(), enabled = false WHERE slug LIKE $1`,
            [`bench-r${replicas}-%`],
          );
        }
      } finally {
        await t.close();
        await runtime.close();
      }
      return figures;
    },
  },
];
