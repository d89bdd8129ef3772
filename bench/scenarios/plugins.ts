// Issue 5: the generic plugin-entity router with a 20-property schema (validators compiled once per
// plugin revision), called by a user whose role holds the derived permissions. Issue "Hardening":
// list and get against a raw baseline (bench/raw-server.ts: the same SQL on the same pool in a bare
// Fastify route, its own process), measured in the same run.
import { load, type BenchContext, type Scenario } from '../lib.js';
import { withRawServer } from '../raw.js';
import { generatedManifest } from '../../test/plugins/fixtures.js';

const SLUG = 'bench-plugin';
const LABEL = 'BpService';
const base = `/admin/plugins/${SLUG}/entities/${LABEL}`;
const generated = generatedManifest(SLUG, 'Bp', 20);

let ready: Promise<{ token: string; id: string }> | undefined;

/** Installs the plugin, stores 200 entities and makes the caller, once for all scenarios. */
function setup(ctx: BenchContext) {
  ready ??= (async () => {
    await ctx.api('POST', '/admin/plugins', { manifest: generated.manifest }, ctx.adminToken);
    let id = '';
    for (let i = 0; i < 200; i++)
      id = (await ctx.api('POST', base, generated.document(i), ctx.adminToken)).id;
    await ctx.api(
      'POST',
      '/roles',
      {
        slug: 'bench-plugin-editor',
        name: 'Bench plugin editor',
        permissions: [`plugins:${SLUG}:entities:${LABEL}:read`, `plugins:${SLUG}:entities:${LABEL}:write`],
      },
      ctx.adminToken,
    );
    return { token: await ctx.user('bench-plugin@example.com', ['bench-plugin-editor']), id };
  })();
  return ready;
}

export const scenarios: Scenario[] = [
  {
    kind: 'http',
    name: 'POST /admin/plugins/{slug}/entities/{label} (20-property schema)',
    goal: { minRatio: 0.25 },
    async prepare(ctx) {
      const { token } = await setup(ctx);
      return {
        method: 'POST',
        path: base,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(generated.document(1)),
      };
    },
  },
  {
    kind: 'http',
    name: 'GET /admin/plugins/{slug}/entities/{label} (list, 50 of 20 properties)',
    // A page is about 24 KB of JSON that PostgreSQL renders from jsonb and Node parses and writes
    // again; its goal is against the raw baseline below. Here: p99 < 20 ms.
    goal: { maxP99Ms: 20 },
    async prepare(ctx) {
      const { token } = await setup(ctx);
      return { path: base, headers: { authorization: `Bearer ${token}` } };
    },
  },
  {
    kind: 'http',
    name: 'GET /admin/plugins/{slug}/entities/{label}/{id} (20 properties)',
    goal: { maxP99Ms: 30 },
    async prepare(ctx) {
      const { token, id } = await setup(ctx);
      return { path: `${base}/${id}`, headers: { authorization: `Bearer ${token}` } };
    },
  },
  {
    kind: 'custom',
    name: 'plugin entity list and get against the raw baseline (same SQL, same pool, bare Fastify)',
    goal: { text: 'list >= 0.7x and get >= 0.8x of the raw baseline, list p99 < 20 ms' },
    async run(ctx) {
      const { token, id } = await setup(ctx);
      return withRawServer(ctx, async (rawUrl) => {
        const headers = { authorization: `Bearer ${token}` };
        const run = async (url: string, p: string) => {
          await load(url, { path: p, headers }, 1);
          const r = await load(url, { path: p, headers }, ctx.durationSeconds);
          if (r.non2xx + r.errors > 0) throw new Error(`${p}: ${r.non2xx} non-2xx, ${r.errors} errors`);
          return r;
        };
        const rawList = await run(rawUrl, `/raw/${SLUG}/${LABEL}`);
        const list = await run(ctx.baseUrl, base);
        const rawGet = await run(rawUrl, `/raw/${SLUG}/${LABEL}/${id}`);
        const get = await run(ctx.baseUrl, `${base}/${id}`);
        const listRatio = Math.round((list.requestsPerSecond / rawList.requestsPerSecond) * 100) / 100;
        const getRatio = Math.round((get.requestsPerSecond / rawGet.requestsPerSecond) * 100) / 100;
        const line = (text: string, met: boolean) =>
          console.log(`  goal ${text}: ${met ? 'met' : 'NOT met'}`);
        line(`list >= 0.7x of the raw baseline (${listRatio}x)`, listRatio >= 0.7);
        line(`get >= 0.8x of the raw baseline (${getRatio}x)`, getRatio >= 0.8);
        line(`list p99 < 20 ms (${list.p99Ms} ms)`, list.p99Ms < 20);
        return {
          rawListRps: rawList.requestsPerSecond,
          rawListP99Ms: rawList.p99Ms,
          listRps: list.requestsPerSecond,
          listP99Ms: list.p99Ms,
          listRatioToRaw: listRatio,
          rawGetRps: rawGet.requestsPerSecond,
          rawGetP99Ms: rawGet.p99Ms,
          getRps: get.requestsPerSecond,
          getP99Ms: get.p99Ms,
          getRatioToRaw: getRatio,
        };
      });
    },
  },
];
