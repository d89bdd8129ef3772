// Where the main thread's time goes when a plugin entity of about 1 MiB is posted, stage by stage:
// `tsx bench/validation-stages.ts`. Each stage is timed in this process on the bodies the
// validation-work bench posts (bench/scenarios/validation-work.ts), median of a few runs after a warm
// up: decoding the bytes, the JSON body parser, the HTTP layer's body schema (`JsonObject`), the
// label's validator, the stored form (the insert's parameter), and the 201 answer's serialization.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import { Type } from 'typebox';
import { parseJsonBody } from '../src/http/json-body.js';
import { compileManifest, parseManifestInput, type CompiledVertexLabel } from '../src/plugins/manifest.js';
import { storedJson } from '../src/plugins/document-codec.js';
import { DocumentPool } from '../src/plugins/document-pool.js';
import { median } from './lib.js';
import { bodyOf, heavySchema, KINDS, LARGE } from './scenarios/validation-work.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.STAGE_RUNS ?? 5);

const example = compileManifest(
  parseManifestInput(fs.readFileSync(path.join(root, 'examples/plugins/cloud-accounts.yaml'), 'utf8')),
);
const heavy = compileManifest({
  slug: 'bench-heavy',
  name: 'Heavy documents',
  version: '1.0.0',
  vertex_labels: [{ name: 'Heavy', schema: heavySchema }],
});
const labels: Record<string, CompiledVertexLabel> = {
  CloudAccount: example.vertices.get('CloudAccount')!,
  Heavy: heavy.vertices.get('Heavy')!,
};
// The HTTP layer's body schema of the route, compiled as src/app/api.ts compiles bodies.
const httpBody = new Ajv({
  removeAdditional: false,
  coerceTypes: false,
  useDefaults: true,
  strict: false,
}).compile(Type.Record(Type.String(), Type.Unknown()));

const time = (f: () => unknown): number => {
  f();
  const xs: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    f();
    xs.push(performance.now() - t0);
  }
  return Math.round(median(xs) * 10) / 10;
};

const rows: string[][] = [
  ['kind', 'KiB', 'decode', 'parse', 'http schema', 'validate', 'stored form', 'answer', 'total'],
];
for (const kind of KINDS) {
  const text = bodyOf(kind, LARGE);
  const bytes = Buffer.from(text);
  const doc = parseJsonBody(text) as Record<string, unknown>;
  const v = labels[kind.label]!;
  const stages = [
    time(() => bytes.toString('utf8')),
    time(() => parseJsonBody(text)),
    time(() => httpBody(doc)),
    time(() => v.validate(doc)),
    time(() => storedJson(doc)),
    time(() => JSON.stringify({ id: 'x', plugin: 'p', label: 'l', properties: doc })),
  ];
  const total = Math.round(stages.reduce((a, b) => a + b, 0) * 10) / 10;
  rows.push([kind.name, String(Math.round(bytes.length / 1024)), ...stages.map(String), String(total)]);
}
for (const r of rows) console.log(`| ${r.join(' | ')} |`);

// Where inline stops paying: an ordinary document (the example plugin's CloudAccount with n regions)
// done inline and on a worker, by size. The worker's figure is the round trip the request waits;
// the event loop spends only the copy and the messages of it.
const pool = new DocumentPool({ workers: 1, queue: 10, inlineBelow: 0 });
const inline = new DocumentPool({ workers: 0, queue: 10, inlineBelow: 0 });
const account = example.vertices.get('CloudAccount')!;
const target = { key: 'k', label: 'CloudAccount', manifest: example.manifest, validate: account.validate };
const sizes: string[][] = [['bytes', 'inline ms', 'worker round trip ms']];
for (const regions of [1, 40, 160, 640, 2560, 10240]) {
  const body = Buffer.from(
    JSON.stringify({
      provider: 'aws',
      account_id: 'a-1',
      name: 'Account',
      regions: Array.from({ length: regions }, (_, i) => `eu-west-${i}`),
    }),
  );
  const med = async (p: DocumentPool) => {
    const xs: number[] = [];
    for (let i = 0; i < 200; i++) {
      const t0 = performance.now();
      await p.run(body, target);
      xs.push(performance.now() - t0);
    }
    return Math.round(median(xs) * 1000) / 1000;
  };
  sizes.push([String(body.length), String(await med(inline)), String(await med(pool))]);
}
await pool.close();
for (const r of sizes) console.log(`| ${r.join(' | ')} |`);
