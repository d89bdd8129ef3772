// `npm run bench -- idempotency`: what the Idempotency-Key check costs a POST. The same POST (a comment
// on a project) is loaded without the header and with a new key on every request, in alternating
// rounds of one run, and the throughputs compared (goal: the header costs under 10% of it). The two
// loads of a round run back to back, in turns first, and the overhead is the median of the rounds'
// own: the database drifts over a run (its tables grow, checkpoints write whole pages again), by as
// much as a third of the throughput between rounds, and a pair of loads shares one state of it.
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { cpuPerRequest, cpuText } from '../cpu.js';
import { median, type BenchContext, type Scenario } from '../lib.js';

/**
 * Rounds of the two loads, after a warm-up of both. A round's own ratio swings by a fifth either way (a
 * checkpoint, an autovacuum of the growing tables, the relay's batches land in one load and not the
 * other); with nine, the median is steadier than with five (run to run: 6-20% with five).
 */
const ROUNDS = 9;
const WARM_UP_SECONDS = 3;
const MAX_OVERHEAD = 0.1;

async function postLoad(ctx: BenchContext, path: string, withKey: boolean, seconds: number) {
  const headers = { authorization: `Bearer ${ctx.adminToken}`, 'content-type': 'application/json' };
  const result = await autocannon({
    url: `${ctx.baseUrl}${path}`,
    connections: 50,
    duration: seconds,
    method: 'POST',
    headers,
    body: JSON.stringify({ body: 'a comment from the bench' }),
    // A new key for every request, as a client that retries only on failure sends them. Both loads
    // build each request the same way (autocannon writes a request set up per call anew, where it
    // would otherwise send one prepared buffer again): the load generator shares the two cores, and
    // its own extra work per request would otherwise count against the header.
    requests: [
      {
        setupRequest: (req: autocannon.Request) => ({
          ...req,
          headers: withKey ? { ...headers, 'idempotency-key': randomUUID() } : { ...headers },
        }),
      },
    ],
  });
  return {
    rps: result.requests.average,
    bad: result.non2xx + result.errors,
    requests: result.requests.total,
  };
}

/** A load as postLoad runs it, with the CPU each party spent per request (bench/cpu.ts). */
async function measuredLoad(ctx: BenchContext, path: string, withKey: boolean) {
  const { result, cpu } = await cpuPerRequest(
    ctx.serverPid,
    () => postLoad(ctx, path, withKey, ctx.durationSeconds),
    (r) => r.requests,
  );
  return { ...result, cpu };
}

export const scenarios: Scenario[] = [
  {
    kind: 'custom',
    name: 'idempotency: POST a comment with and without Idempotency-Key',
    goal: {
      text: `the header costs under ${MAX_OVERHEAD * 100}% of the POST's throughput, no errors`,
      met: (f) => f.overheadPercent! < MAX_OVERHEAD * 100 && f.non2xx === 0,
    },
    async run(ctx) {
      await ctx.api('POST', '/organizations', { slug: 'idem-bench', name: 'Idem' }, ctx.adminToken);
      await ctx.api('POST', '/organizations/idem-bench/teams', { slug: 'core', name: 'C' }, ctx.adminToken);
      await ctx.api(
        'POST',
        '/organizations/idem-bench/projects',
        { slug: 'p', name: 'P', team: 'core' },
        ctx.adminToken,
      );
      const path = '/organizations/idem-bench/projects/p/comments';
      await postLoad(ctx, path, false, WARM_UP_SECONDS);
      await postLoad(ctx, path, true, WARM_UP_SECONDS);
      const without: number[] = [];
      const withKey: number[] = [];
      const ratios: number[] = [];
      let bad = 0;
      for (let i = 0; i < ROUNDS; i++) {
        let a, b;
        if (i % 2 === 0) {
          a = await measuredLoad(ctx, path, false);
          b = await measuredLoad(ctx, path, true);
        } else {
          b = await measuredLoad(ctx, path, true);
          a = await measuredLoad(ctx, path, false);
        }
        without.push(a.rps);
        withKey.push(b.rps);
        ratios.push(b.rps / a.rps);
        bad += a.bad + b.bad;
        console.log(
          `  round ${i + 1} (${i % 2 === 0 ? 'without first' : 'with first'}): without ${Math.round(a.rps)} req/s (CPU ${cpuText(a.cpu)}), ` +
            `with ${Math.round(b.rps)} req/s (CPU ${cpuText(b.cpu)})`,
        );
      }
      const ratio = median(ratios);
      return {
        withoutKeyRps: Math.round(median(without)),
        withKeyRps: Math.round(median(withKey)),
        ratio: Math.round(ratio * 100) / 100,
        overheadPercent: Math.round((1 - ratio) * 1000) / 10,
        non2xx: bad,
      };
    },
  },
];
