// Input hardening: a plugin schema with a catastrophic-for-backtracking pattern, and bodies built to
// trigger it, posted while /health is measured.
import { load, type Scenario } from '../lib.js';

export const scenarios: Scenario[] = [
  {
    kind: 'custom',
    name: 'redos: /health while ^(a+)+$ bodies are posted',
    goal: {
      maxP99Ms: 50,
      text: '/health stays under 50 ms p99 while such bodies are posted',
      met: (f) => f.health_p99_ms! < 50 && f.errors === 0,
    },
    async run(ctx) {
      await ctx.api(
        'POST',
        '/admin/plugins',
        {
          manifest: {
            slug: 'bench-redos',
            name: 'ReDoS bench',
            version: '1.0.0',
            vertex_labels: [
              {
                name: 'BenchRedos',
                schema: { type: 'object', properties: { name: { type: 'string', pattern: '^(a+)+$' } } },
              },
            ],
          },
        },
        ctx.adminToken,
      );
      // 31 characters blocked the API for 3.7 s with a backtracking engine; these are 1,000.
      const evil = load(
        ctx.baseUrl,
        {
          method: 'POST',
          path: '/admin/plugins/bench-redos/entities/BenchRedos',
          headers: { authorization: `Bearer ${ctx.adminToken}`, 'content-type': 'application/json' },
          body: JSON.stringify({ name: `${'a'.repeat(1000)}!` }),
          connections: 10,
        },
        ctx.durationSeconds,
      );
      const health = load(ctx.baseUrl, { path: '/health', connections: 10 }, ctx.durationSeconds);
      const [e, h] = await Promise.all([evil, health]);
      console.log(
        `goal: /health stays under 50 ms p99 while such bodies are posted: ${h.p99Ms < 50 && h.errors === 0 ? 'met' : 'NOT met'} (p99 ${h.p99Ms} ms)`,
      );
      return {
        health_p99_ms: h.p99Ms,
        health_rps: h.requestsPerSecond,
        evil_rps: e.requestsPerSecond,
        evil_p99_ms: e.p99Ms,
        evil_non2xx: e.non2xx, // every one is a 422
        errors: e.errors + h.errors,
      };
    },
  },
];
