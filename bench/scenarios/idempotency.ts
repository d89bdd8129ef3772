// `npm run bench -- idempotency`: what the Idempotency-Key check costs a POST. The same POST (a comment
// on a project) is loaded without the header and with a new key on every request, in alternating
// rounds of one run, and the throughputs compared (goal: the header costs under 10% of it). The two
// loads of a round run back to back, in turns first, and the overhead is the median of the rounds'
// own: the database drifts over a run (its tables grow, checkpoints write whole pages again), by as
// much as a third of the throughput between rounds, and a pair of loads shares one state of it.
//
// Beside it, in the same rounds, the floor: a bare Fastify route (bench/raw-server.ts) running the
// comment's statements, without and with the least a durable key costs (one row holding the key and
// its answer, written in the change's transaction and sent with its COMMIT). Its cost per request,
// added to Keel's POST without the key, is the overhead no implementation on this machine and database
// could go under.
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { cpuPerRequest, cpuText } from '../cpu.js';
import { median, type BenchContext, type Scenario } from '../lib.js';
import { withRawServer } from '../raw.js';

/**
 * Rounds of the two loads, after a warm-up of both. A round's own ratio swings by a fifth either way (a
 * checkpoint, an autovacuum of the growing tables, the relay's batches land in one load and not the
 * other); with nine, the median is steadier than with five (run to run: 6-20% with five).
 */
const ROUNDS = 9;
const WARM_UP_SECONDS = 3;
const MAX_OVERHEAD = 0.1;

/** A server under load: Keel's API, or the raw baseline (which ignores the bearer token it is sent). */
interface Target {
  url: string;
  pid: number;
}

async function postLoad(ctx: BenchContext, target: Target, withKey: boolean, seconds: number) {
  const headers = { authorization: `Bearer ${ctx.adminToken}`, 'content-type': 'application/json' };
  const result = await autocannon({
    url: target.url,
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
async function measuredLoad(ctx: BenchContext, target: Target, withKey: boolean) {
  const { result, cpu } = await cpuPerRequest(
    target.pid,
    () => postLoad(ctx, target, withKey, ctx.durationSeconds),
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
      const keel: Target = {
        url: `${ctx.baseUrl}/organizations/idem-bench/projects/p/comments`,
        pid: ctx.serverPid,
      };
      return withRawServer(ctx, async (rawUrl, rawPid) => {
        const raw: Target = { url: `${rawUrl}/raw-comments/idem-bench/p`, pid: rawPid };
        for (const target of [keel, raw]) {
          await postLoad(ctx, target, false, WARM_UP_SECONDS);
          await postLoad(ctx, target, true, WARM_UP_SECONDS);
        }
        /** The two loads of one server, in the round's turn; their req/s and the key's ratio. */
        const pair = async (target: Target, keyFirst: boolean) => {
          const a = keyFirst ? undefined : await measuredLoad(ctx, target, false);
          const b = await measuredLoad(ctx, target, true);
          const without = a ?? (await measuredLoad(ctx, target, false));
          return { without, with: b, ratio: b.rps / without.rps, bad: without.bad + b.bad };
        };
        const rounds: Array<{
          keel: Awaited<ReturnType<typeof pair>>;
          raw: Awaited<ReturnType<typeof pair>>;
        }> = [];
        for (let i = 0; i < ROUNDS; i++) {
          const keyFirst = i % 2 === 1;
          const k = await pair(keel, keyFirst);
          const r = await pair(raw, keyFirst);
          rounds.push({ keel: k, raw: r });
          console.log(
            `  round ${i + 1} (${keyFirst ? 'with first' : 'without first'}): Keel without ${Math.round(k.without.rps)} req/s (CPU ${cpuText(k.without.cpu)}), ` +
              `with ${Math.round(k.with.rps)} req/s (CPU ${cpuText(k.with.cpu)}); ` +
              `floor without ${Math.round(r.without.rps)} req/s (CPU ${cpuText(r.without.cpu)}), with ${Math.round(r.with.rps)} req/s (CPU ${cpuText(r.with.cpu)})`,
          );
        }
        const ratio = median(rounds.map((r) => r.keel.ratio));
        // The floor's extra machine time per request (both cores busy under either load, so a request
        // takes 1/rps of the machine), added to Keel's POST without the key, as a share of throughput.
        const floor = median(
          rounds.map(({ keel: k, raw: r }) => {
            const extra = 1 / r.with.rps - 1 / r.without.rps;
            return 1 - 1 / (1 + k.without.rps * extra);
          }),
        );
        const percent = (x: number) => Math.round(x * 1000) / 10;
        console.log(
          `  context: the floor (one row with the key and its answer sent with the change's COMMIT, on a bare ` +
            `route) costs its own POST ${percent(1 - median(rounds.map((r) => r.raw.ratio)))}%, and would cost ` +
            `Keel's ${percent(floor)}%; Keel's key costs ${percent(1 - ratio)}%` +
            (floor >= MAX_OVERHEAD
              ? `: a goal under ${MAX_OVERHEAD * 100}% is below what a key kept durable with its change costs here`
              : ''),
        );
        return {
          withoutKeyRps: Math.round(median(rounds.map((r) => r.keel.without.rps))),
          withKeyRps: Math.round(median(rounds.map((r) => r.keel.with.rps))),
          ratio: Math.round(ratio * 100) / 100,
          overheadPercent: percent(1 - ratio),
          floorWithoutKeyRps: Math.round(median(rounds.map((r) => r.raw.without.rps))),
          floorWithKeyRps: Math.round(median(rounds.map((r) => r.raw.with.rps))),
          floorOwnOverheadPercent: percent(1 - median(rounds.map((r) => r.raw.ratio))),
          floorOnKeelPercent: percent(floor),
          non2xx: rounds.reduce((n, r) => n + r.keel.bad + r.raw.bad, 0),
        };
      });
    },
  },
];
