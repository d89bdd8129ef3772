// Issue 5: the generic plugin-entity router with a 20-property schema (validators compiled once per
// plugin revision), called by a user whose role holds the derived permissions.
import type { BenchContext, Scenario } from '../lib.js';
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
    goal: { minRatio: 0.1, maxP99Ms: 50 },
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
    // again (1-2 ms of work per request measured one at a time, against tens of microseconds for
    // /health), so the ratio is bounded near 0.05x; the goal is on latency.
    goal: { minRatio: 0.03, maxP99Ms: 100 },
    async prepare(ctx) {
      const { token } = await setup(ctx);
      return { path: base, headers: { authorization: `Bearer ${token}` } };
    },
  },
  {
    kind: 'http',
    name: 'GET /admin/plugins/{slug}/entities/{label}/{id} (20 properties)',
    goal: { minRatio: 0.2, maxP99Ms: 30 },
    async prepare(ctx) {
      const { token, id } = await setup(ctx);
      return { path: `${base}/${id}`, headers: { authorization: `Bearer ${token}` } };
    },
  },
];
