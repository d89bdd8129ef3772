// npm run bench: see bench/lib.ts for how it works and how to add a scenario.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { generateSigningKey } from '../src/crypto/jwt.js';
import { freePort, startScratchPostgres } from '../src/db/embedded.js';
import { cpuProfileArgs, load, NODE_FLAGS, type BenchContext, type Scenario } from './lib.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const duration = Number(process.env.BENCH_DURATION ?? 5);
const only = process.env.BENCH_ONLY; // substring filter on scenario names
const set = process.argv[2]; // `npm run bench -- <set>`: only the scenarios of that named set
// BENCH_CPU_PROFILE=<dir>: `keel api` writes a V8 CPU profile of the whole run there when it stops
// (a raw baseline server, bench/raw.ts, into <dir>/raw).
const profileDir = process.env.BENCH_CPU_PROFILE;

async function adminDatabase(): Promise<{ url: string; stop(): Promise<void> }> {
  const url = process.env.KEEL_BENCH_DATABASE_URL ?? process.env.KEEL_TEST_DATABASE_URL;
  return url ? { url, stop: async () => {} } : startScratchPostgres('keel-bench-pg-');
}

async function waitReady(url: string, child: ChildProcess): Promise<void> {
  // Two minutes: a start from the sources (tsx) on a busy two-core machine took over 30 s.
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode !== null) throw new Error(`keel api exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/ready`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('keel api did not become ready');
}

async function loadScenarios(): Promise<Scenario[]> {
  const dir = path.join(root, 'bench', 'scenarios');
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.ts'))
    .sort();
  const all: Array<Scenario & { file: string }> = [];
  for (const f of files) {
    const mod = (await import(path.join(dir, f))) as { scenarios: Scenario[] };
    all.push(...mod.scenarios.map((s) => ({ ...s, file: f.slice(0, -'.ts'.length) })));
  }
  // A set's name, or a file's name for the scenarios of that file that are in no set.
  const inSet = all.filter(
    (s) => s.set === set || (set !== undefined && s.set === undefined && s.file === set),
  );
  return only ? inSet.filter((s) => s.name.includes(only)) : inSet;
}

async function main() {
  const admin = await adminDatabase();
  const dbName = `keel_bench_${randomBytes(4).toString('hex')}`;
  const c = new pg.Client({ connectionString: admin.url });
  await c.connect();
  await c.query(`CREATE DATABASE ${dbName}`);
  const u = new URL(admin.url);
  u.pathname = `/${dbName}`;
  const databaseUrl = u.toString();
  const port = await freePort();
  const adminEmail = 'bench-admin@example.com';
  const adminPassword = randomBytes(12).toString('hex');
  const env: Record<string, string> = {
    KEEL_DATABASE_URL: databaseUrl,
    KEEL_PORT: String(port),
    KEEL_HOST: '127.0.0.1',
    KEEL_LOG_LEVEL: 'warn',
    KEEL_AUTH_JWT_PRIVATE_KEY: generateSigningKey(),
    KEEL_AUTH_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    KEEL_CONFIG_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    KEEL_BOOTSTRAP_ADMIN_EMAIL: adminEmail,
    KEEL_BOOTSTRAP_ADMIN_PASSWORD: adminPassword,
    KEEL_DATABASE_POOL_SIZE: '20',
    KEEL_STREAM_URL: process.env.KEEL_TEST_NATS_URL ?? 'postgres',
  };
  const child = spawn(
    process.execPath,
    [
      ...cpuProfileArgs(profileDir),
      ...NODE_FLAGS,
      '--import',
      'tsx',
      path.join(root, 'src/cli/main.ts'),
      'api',
    ],
    {
      env: { ...process.env, ...env, NODE_ENV: 'production' },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  const results: Array<Record<string, unknown>> = [];
  try {
    await waitReady(baseUrl, child);
    const api: BenchContext['api'] = async (method, p, body, token) => {
      const res = await fetch(`${baseUrl}${p}`, {
        method,
        headers: {
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`${method} ${p} -> ${res.status} ${text}`);
      return text ? JSON.parse(text) : undefined;
    };
    const login = async (email: string, password: string) =>
      (await api('POST', '/auth/login', { email, password })).access_token as string;
    const adminToken = await login(adminEmail, adminPassword);
    const ctx: BenchContext = {
      baseUrl,
      serverPid: child.pid!,
      databaseUrl,
      env,
      adminToken,
      api,
      durationSeconds: duration,
      async user(email, roles = []) {
        const password = randomBytes(12).toString('hex');
        await api('POST', '/users', { email, password }, adminToken);
        for (const r of roles) await api('PUT', `/users/${email}/roles/${r}`, undefined, adminToken);
        return login(email, password);
      },
    };

    const scenarios = await loadScenarios();
    // Warm up, then measure the baseline.
    await load(baseUrl, { path: '/health' }, 1);
    const baseline = await load(baseUrl, { path: '/health' }, duration);
    console.log(`\nbaseline GET /health: ${baseline.requestsPerSecond} req/s, p99 ${baseline.p99Ms} ms\n`);
    results.push({ name: 'baseline GET /health', ...baseline });

    for (const s of scenarios) {
      if (s.kind === 'http') {
        const spec = await s.prepare(ctx);
        await load(baseUrl, spec, 1);
        const r = await load(baseUrl, spec, duration);
        const ratio = Math.round((r.requestsPerSecond / baseline.requestsPerSecond) * 100) / 100;
        const met =
          r.non2xx + r.errors === 0 &&
          (s.goal?.minRatio === undefined || ratio >= s.goal.minRatio) &&
          (s.goal?.maxP99Ms === undefined || r.p99Ms <= s.goal.maxP99Ms);
        const goal = s.goal
          ? ` goal ${[s.goal.minRatio && `>= ${s.goal.minRatio}x`, s.goal.maxP99Ms && `p99 < ${s.goal.maxP99Ms} ms`].filter(Boolean).join(', ')}: ${met ? 'met' : 'NOT met'}`
          : '';
        const bad = r.non2xx + r.errors > 0 ? ` (${r.non2xx} non-2xx, ${r.errors} errors)` : '';
        console.log(
          `${s.name}: ${r.requestsPerSecond} req/s, p99 ${r.p99Ms} ms, ratio ${ratio}x${goal}${bad}`,
        );
        results.push({
          name: s.name,
          ...r,
          ratioToBaseline: ratio,
          goal: s.goal ?? null,
          goalMet: s.goal ? met : null,
        });
      } else {
        const figures = await s.run(ctx);
        // Every goal gets a verdict: a goal nothing judges is not met.
        const met = !s.goal
          ? null
          : s.goal.met
            ? s.goal.met(figures)
            : figures.goalMet !== undefined && figures.goalMet === 1;
        const verdict = !s.goal
          ? ''
          : ` (goal ${s.goal.text ?? ''}: ${met ? 'met' : 'NOT met'}${
              s.goal.met || figures.goalMet !== undefined ? '' : ', the scenario gives no verdict'
            })`;
        console.log(
          `${s.name}: ${Object.entries(figures)
            .map(([k, v]) => `${k}=${v}`)
            .join(', ')}${verdict}`,
        );
        results.push({ name: s.name, ...figures, goal: s.goal?.text ?? null, goalMet: met });
      }
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
    await c.end();
    await admin.stop();
  }
  const out = path.join(
    root,
    'bench',
    'results',
    `bench-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
  );
  fs.writeFileSync(
    out,
    JSON.stringify(
      {
        at: new Date().toISOString(),
        durationSeconds: duration,
        cpus: os.cpus().length,
        node: process.version,
        results,
      },
      null,
      2,
    ),
  );
  console.log(`\nwritten ${path.relative(root, out)}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
