// Issue 36 (high): one plugin document could hold the event loop for seconds (uniqueItems compared
// composite items pairwise, ajv-formats' url expression was quadratic on ':', a recursive $ref under
// oneOf doubled its work per level). `npm run bench -- validation-work` posts hostile documents of
// ~100 KiB and ~1 MiB for each keyword and format of the plugin validator through HTTP, measures the
// wall time per size (goal: 1 MiB / 100 KiB < 15, linear growth), and polls /health throughout
// (goal: p99 < 50 ms while the documents are posted).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, type BenchContext, type Scenario } from '../lib.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SMALL = 100 * 1024;
export const LARGE = 1000 * 1024; // under the 1 MiB body limit with the envelope
const REPEAT = 5;

const range = (n: number) => Array.from({ length: n }, (_, i) => i);
const nest = (depth: number): unknown => {
  let v: unknown = [];
  for (let i = 0; i < depth; i++) v = [v];
  return v;
};

/** What a hostile text for a format repeats (as test/plugins/validation-work.test.ts). */
const FORMAT_TEXT: Record<string, [string, string]> = {
  date: ['2024-01-0', '1'],
  time: ['12:00:00.', '1'],
  'date-time': ['2024-01-01T12:00:00.', '1'],
  'iso-time': ['12:00:00.', '1'],
  'iso-date-time': ['2024-01-01 12:00:00.', '1'],
  duration: ['P', '1'],
  uri: ['http://', ':'],
  'uri-reference': ['//', ':'],
  'uri-template': ['http://x/', '{a'],
  url: ['http://', ':'],
  email: ['a', 'a.'],
  hostname: ['a', 'a.'],
  ipv4: ['1', '.1'],
  ipv6: ['1', ':1'],
  regex: ['(', '(a+)+'],
  uuid: ['urn:uuid:', '0'],
  'json-pointer': ['/', '~0'],
  'json-pointer-uri-fragment': ['#', '/%41'],
  'relative-json-pointer': ['1', '/~0'],
  byte: ['QUJD', 'QUJD'],
};

export interface Kind {
  name: string;
  label: string;
  /** The document with about `n` hostile units. */
  build: (n: number) => unknown;
}

export const KINDS: Kind[] = [
  {
    // The report's body, against the example plugin's CloudAccount.regions.
    name: 'uniqueItems: regions [[0],[1],...] (example plugin)',
    label: 'CloudAccount',
    build: (n) => ({ provider: 'aws', account_id: 'bench-1', name: 'x', regions: range(n).map((i) => [i]) }),
  },
  {
    name: 'uniqueItems: distinct objects',
    label: 'Heavy',
    build: (n) => ({ objects: range(n).map((i) => ({ b: [i], a: String(i) })) }),
  },
  { name: 'pattern ^(a+)+$', label: 'Heavy', build: (n) => ({ pattern: `${'a'.repeat(n * 8)}!` }) },
  {
    name: 'patternProperties, many members',
    label: 'Heavy',
    build: (n) => ({ members: Object.fromEntries(range(n).map((i) => [`kkkkkkkk${i}`, i])) }),
  },
  {
    name: 'enum/const with deep values',
    label: 'Heavy',
    build: (n) => ({ enums: range(Math.ceil(n / 2)).map((i) => ({ a: [1, 2, { b: i }] })) }),
  },
  {
    name: 'recursive $ref under oneOf (budget)',
    label: 'Heavy',
    build: (n) => ({ tree: range(Math.ceil(n / 60)).map(() => nest(30)) }),
  },
  ...Object.entries(FORMAT_TEXT).map(([format, [prefix, unit]]) => ({
    name: `format ${format}`,
    label: 'Heavy',
    build: (n: number) => ({ [`f_${format}`]: prefix + unit.repeat(Math.ceil((n * 8) / unit.length)) }),
  })),
];

export const heavySchema = {
  type: 'object',
  properties: {
    objects: { type: 'array', uniqueItems: true },
    pattern: { type: 'string', pattern: '^(a+)+$' },
    members: {
      type: 'object',
      patternProperties: { '^(k+)+x$': { type: 'string' }, '^k+[0-9]*$': { maximum: 3 } },
    },
    enums: {
      type: 'array',
      items: { enum: [nest(40), { a: [1, 2, { b: 3 }] }, 'x'], const: { a: [1, 2, { b: 3 }] } },
    },
    tree: { $ref: '#/$defs/tree' },
    ...Object.fromEntries(
      Object.keys(FORMAT_TEXT).map((f) => [`f_${f}`, { type: 'string', format: f, maxLength: 100 }]),
    ),
  },
  $defs: {
    tree: {
      oneOf: [
        { type: 'array', items: { $ref: '#/$defs/tree' } },
        { type: 'array', items: { $ref: '#/$defs/tree' }, minItems: 2 },
      ],
    },
  },
};

/** The body of `kind` with n chosen so that its JSON text is about `bytes` long, never longer. */
export function bodyOf(kind: Kind, bytes: number): string {
  const probe = JSON.stringify(kind.build(1000)).length;
  let n = Math.max(1, Math.floor((1000 * bytes) / probe));
  let text = JSON.stringify(kind.build(n));
  while (text.length > bytes) {
    n = Math.floor((n * bytes * 0.99) / text.length);
    text = JSON.stringify(kind.build(n));
  }
  return text;
}

async function setup(ctx: BenchContext): Promise<void> {
  const example = fs.readFileSync(path.join(root, 'examples/plugins/cloud-accounts.yaml'), 'utf8');
  await ctx.api('POST', '/admin/plugins', { manifest: example }, ctx.adminToken);
  await ctx.api(
    'POST',
    '/admin/plugins',
    {
      manifest: {
        slug: 'bench-heavy',
        name: 'Heavy documents',
        version: '1.0.0',
        vertex_labels: [{ name: 'Heavy', schema: heavySchema }],
      },
    },
    ctx.adminToken,
  );
}

interface Sample {
  at: number;
  ms: number;
}

/** GET /health one after another until stopped; when each was sent and its latency. */
function pollHealth(baseUrl: string): { stop(): Promise<Sample[]> } {
  const samples: Sample[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const t0 = performance.now();
      try {
        const res = await fetch(`${baseUrl}/health`);
        await res.arrayBuffer();
        samples.push({ at: t0, ms: res.ok ? performance.now() - t0 : Infinity });
      } catch {
        samples.push({ at: t0, ms: Infinity }); // no answer counts as the worst latency
      }
      await new Promise((r) => setTimeout(r, 5));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return samples;
    },
  };
}

const p99 = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * 0.99))] ?? 0;
};
const round = (x: number) => Math.round(x * 10) / 10;

export const scenarios: Scenario[] = [
  {
    kind: 'custom',
    set: 'validation-work',
    name: 'hostile plugin documents: wall time per size and /health p99 while they are posted',
    goal: { text: 'per keyword and format 1 MiB / 100 KiB < 15; /health p99 < 50 ms' },
    async run(ctx) {
      await setup(ctx);
      const bodies = KINDS.map((k) => ({ kind: k, small: bodyOf(k, SMALL), large: bodyOf(k, LARGE) }));
      const post = async (label: string, body: string) => {
        const slug = label === 'CloudAccount' ? 'cloud-accounts' : 'bench-heavy';
        const t0 = performance.now();
        const res = await fetch(`${ctx.baseUrl}/admin/plugins/${slug}/entities/${label}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${ctx.adminToken}`, 'content-type': 'application/json' },
          body,
        });
        const text = await res.text();
        const ms = performance.now() - t0;
        if (res.status >= 500 || res.status === 413)
          throw new Error(`${label}: ${res.status} ${text.slice(0, 200)}`);
        return { ms, status: res.status };
      };
      // Warm up each kind once (compilation, JIT), outside the measurement.
      for (const b of bodies) await post(b.kind.label, b.small);
      // The same polls with nothing posted: what the machine gives /health at this moment (on a shared
      // machine it varies from run to run), printed beside the goal so a run can be read.
      const idle = pollHealth(ctx.baseUrl);
      await new Promise((r) => setTimeout(r, 3000));
      const idleP99 = round(p99((await idle.stop()).map((x) => x.ms)));
      const health = pollHealth(ctx.baseUrl);
      const figures: Record<string, number> = {};
      let worstRatio = 0;
      let allMet = true;
      let samples: Sample[] = [];
      const windows: Array<{ name: string; from: number; to: number }> = [];
      try {
        for (const b of bodies) {
          const small: number[] = [];
          const large: number[] = [];
          let statuses = '';
          const from = performance.now();
          for (let i = 0; i < REPEAT; i++) {
            const s = await post(b.kind.label, b.small);
            const l = await post(b.kind.label, b.large);
            small.push(s.ms);
            large.push(l.ms);
            statuses = `${s.status}/${l.status}`;
          }
          windows.push({ name: b.kind.name, from, to: performance.now() });
          const smallMs = median(small);
          const largeMs = median(large);
          const ratio = Math.round((largeMs / smallMs) * 100) / 100;
          worstRatio = Math.max(worstRatio, ratio);
          const met = ratio < 15;
          allMet &&= met;
          console.log(
            `  ${b.kind.name}: ${Math.round(b.small.length / 1024)} KiB ${round(smallMs)} ms, ` +
              `${Math.round(b.large.length / 1024)} KiB ${round(largeMs)} ms (answers ${statuses}), ` +
              `ratio ${ratio}: goal < 15 ${met ? 'met' : 'NOT met'}`,
          );
          figures[`${b.kind.name} smallMs`] = round(smallMs);
          figures[`${b.kind.name} largeMs`] = round(largeMs);
          figures[`${b.kind.name} ratio`] = ratio;
        }
      } finally {
        samples = await health.stop();
      }
      const latencies = samples.map((x) => x.ms);
      const healthP99 = round(p99(latencies));
      // Where /health waited longest: the slowest poll sent while each kind was being posted.
      const worst = windows
        .map((w) => ({
          name: w.name,
          ms: Math.max(0, ...samples.filter((x) => x.at >= w.from && x.at < w.to).map((x) => x.ms)),
        }))
        .sort((a, b) => b.ms - a.ms)
        .slice(0, 6);
      console.log(
        `  slowest /health polls by kind: ${worst.map((w) => `${w.name} ${round(w.ms)} ms`).join('; ')}`,
      );
      console.log(
        `  goal every ratio 1 MiB / 100 KiB < 15 (worst ${worstRatio}): ${allMet ? 'met' : 'NOT met'}`,
      );
      console.log(`  /health p99 with nothing posted (polled the same way for 3 s before): ${idleP99} ms`);
      console.log(
        `  goal /health p99 < 50 ms while posting (${samples.length} polls, p99 ${healthP99} ms, ` +
          `max ${round(Math.max(...latencies))} ms): ${healthP99 < 50 ? 'met' : 'NOT met'}`,
      );
      const goalMet = allMet && healthP99 < 50 ? 1 : 0;
      return {
        ...figures,
        worstRatio,
        healthP99Ms: healthP99,
        healthPolls: samples.length,
        idleHealthP99Ms: idleP99,
        goalMet,
      };
    },
  },
];
