// Starts the raw baseline (bench/raw-server.ts) as its own process on the bench database and stops it.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../src/db/embedded.js';
import { cpuProfileArgs, NODE_FLAGS, type BenchContext } from './lib.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export async function withRawServer<T>(
  ctx: BenchContext,
  use: (url: string, pid: number) => Promise<T>,
): Promise<T> {
  const port = await freePort();
  const dir = process.env.BENCH_CPU_PROFILE;
  const profile = cpuProfileArgs(dir && path.join(dir, 'raw'));
  const raw = spawn(
    process.execPath,
    [...profile, ...NODE_FLAGS, '--import', 'tsx', path.join(root, 'bench/raw-server.ts')],
    {
      env: { ...process.env, ...ctx.env, RAW_PORT: String(port), NODE_ENV: 'production' },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  try {
    const url = `http://127.0.0.1:${port}`;
    for (let i = 0; ; i++) {
      const up = await fetch(`${url}/ready`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) break;
      if (i > 200 || raw.exitCode !== null) throw new Error('raw baseline server did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
    return await use(url, raw.pid!);
  } finally {
    if (raw.exitCode === null) {
      raw.kill('SIGTERM');
      await new Promise((r) => raw.once('exit', r));
    }
  }
}
