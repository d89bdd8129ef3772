// `npm run bench -- startup`: the compiled service (dist/, `npm run build`) against the sources run
// through tsx, as `bin/keel.js api` starts each: the time from process start to /ready answering 200,
// and the process's resident memory a second after that. Five starts of each, interleaved, on the
// bench's database (already migrated) and stream; the medians go in docs/deployment-build.md.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { freePort } from '../../src/db/embedded.js';
import { median, NODE_FLAGS, type BenchContext, type Scenario } from '../lib.js';

const root = path.resolve(import.meta.dirname, '../..');
const RUNS = Number(process.env.BENCH_STARTUP_RUNS ?? 5);
type Mode = 'compiled' | 'tsx';

/** Resident set size of process `pid` in MB (Linux). */
function rssMb(pid: number): number {
  const line = fs
    .readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Math.round(Number(line?.split(/\s+/)[1] ?? 0) / 1024);
}

async function startOnce(ctx: BenchContext, mode: Mode): Promise<{ ms: number; rss: number }> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [...NODE_FLAGS, path.join(root, 'bin/keel.js'), 'api'], {
    cwd: root,
    env: {
      ...process.env,
      ...ctx.env,
      KEEL_PORT: String(port),
      KEEL_LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      ...(mode === 'tsx' ? { KEEL_FROM_SOURCES: '1' } : { KEEL_FROM_SOURCES: '' }),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += String(d)));
  try {
    for (;;) {
      if (child.exitCode !== null)
        throw new Error(`keel api (${mode}) exited with ${child.exitCode}:\n${stderr}`);
      const ok = await fetch(`http://127.0.0.1:${port}/ready`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (performance.now() - started > 120_000) throw new Error(`keel api (${mode}) not ready in 120 s`);
      await new Promise((r) => setTimeout(r, 10));
    }
    const ms = Math.round(performance.now() - started);
    await new Promise((r) => setTimeout(r, 1000));
    return { ms, rss: rssMb(child.pid!) };
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
}

export const scenarios: Scenario[] = [
  {
    kind: 'custom',
    set: 'startup',
    name: `start-up: compiled (dist/) against tsx (src/), ${RUNS} starts each of keel api to /ready`,
    goal: {
      text: 'the compiled service starts faster and holds less memory than the sources under tsx',
      met: (f) => f.startup_ratio! < 1 && f.rss_ratio! < 1,
    },
    async run(ctx) {
      const compiled = path.join(root, 'dist/cli/main.js');
      if (!fs.existsSync(compiled)) throw new Error('no dist/cli/main.js: run `npm run build` first');
      const runs: Record<Mode, Array<{ ms: number; rss: number }>> = { compiled: [], tsx: [] };
      // One start of each first, not counted: the file system cache warm for both.
      await startOnce(ctx, 'compiled');
      await startOnce(ctx, 'tsx');
      for (let i = 0; i < RUNS; i++) {
        for (const mode of ['compiled', 'tsx'] as const) {
          const r = await startOnce(ctx, mode);
          runs[mode].push(r);
          console.log(`  ${mode} start ${i + 1}: ready in ${r.ms} ms, RSS ${r.rss} MB`);
        }
      }
      const f = (mode: Mode, key: 'ms' | 'rss') => median(runs[mode].map((r) => r[key]));
      const figures = {
        compiled_startup_ms: f('compiled', 'ms'),
        tsx_startup_ms: f('tsx', 'ms'),
        compiled_rss_mb: f('compiled', 'rss'),
        tsx_rss_mb: f('tsx', 'rss'),
        startup_ratio: 0,
        rss_ratio: 0,
      };
      figures.startup_ratio = Math.round((figures.compiled_startup_ms / figures.tsx_startup_ms) * 100) / 100;
      figures.rss_ratio = Math.round((figures.compiled_rss_mb / figures.tsx_rss_mb) * 100) / 100;
      return figures;
    },
  },
];
