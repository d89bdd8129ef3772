// npm run idle-cpu: the CPU an idle `keel serve` (embedded PostgreSQL, stream and analytics engine)
// burns. Starts it on a fresh data dir, lets it settle, then reads the CPU time of the keel process and
// every process under it (the embedded PostgreSQL) from /proc over IDLE_CPU_SECONDS (default 30).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../src/db/embedded.js';
import { processMicros } from './cpu.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const seconds = Number(process.env.IDLE_CPU_SECONDS ?? 30);
const settle = Number(process.env.IDLE_CPU_SETTLE_SECONDS ?? 15);

/** The process and all its descendants. */
function tree(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(d)]);
    } catch {
      /* gone */
    }
  }
  const out: number[] = [];
  const walk = (p: number) => {
    out.push(p);
    for (const c of children.get(p) ?? []) walk(c);
  };
  walk(pid);
  return out;
}

/** utime + stime of each process still running, in microseconds. */
function micros(pids: number[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const p of pids) {
    const us = processMicros(p);
    if (us !== undefined) out.set(p, us);
  }
  return out;
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'keel-idle-'));
  // As root, the embedded PostgreSQL runs as the `postgres` user and must be able to create its dir.
  fs.chmodSync(dataDir, 0o777);
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src/cli/main.ts'), 'serve'], {
    env: {
      ...process.env,
      KEEL_DATA_DIR: dataDir,
      KEEL_PORT: String(port),
      KEEL_HOST: '127.0.0.1',
      KEEL_LOG_LEVEL: 'warn',
      KEEL_DATABASE_URL: '',
      KEEL_STREAM_URL: '',
      KEEL_ANALYTICS_URL: '',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (let i = 0; ; i++) {
      if (child.exitCode !== null) throw new Error(`keel serve exited with ${child.exitCode}`);
      if (i > 1200) throw new Error('keel serve did not become ready');
      const ok = await fetch(`http://127.0.0.1:${port}/ready`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    await new Promise((r) => setTimeout(r, settle * 1000));
    const pids = tree(child.pid!);
    const before = micros(pids);
    const started = performance.now();
    await new Promise((r) => setTimeout(r, seconds * 1000));
    const after = micros(pids);
    const elapsed = (performance.now() - started) / 1000;
    const own = ((after.get(child.pid!)! - before.get(child.pid!)!) / 1e6 / elapsed) * 100;
    let total = 0;
    for (const [p, t] of after) total += t - (before.get(p) ?? t);
    const all = (total / 1e6 / elapsed) * 100;
    console.log(
      `idle keel serve over ${Math.round(elapsed)} s: keel process ${own.toFixed(1)}% of one core, ` +
        `with its ${pids.length - 1} child processes (embedded PostgreSQL) ${all.toFixed(1)}%`,
    );
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
