// npm run cluster-test: Keel as a platform team deploys it, on hosts made of network namespaces
// (PostgreSQL, a three-node NATS JetStream cluster, ClickHouse, HAProxy, two `keel api`, three
// `keel scheduler`, two `keel connector`), under steady load, through six faults one after another;
// then checks that nothing accepted was lost or doubled, that schedules fired once per due minute,
// that no Keel process needed a restart and that failed requests were 503 problem+json. Prints the
// figures of each fault. Needs root (namespaces), iproute2, nftables, HAProxy, PostgreSQL 15,
// nats-server and clickhouse-server (Debian packages). Settings: docs/deployment.md, "The cluster test".
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { generateSigningKey } from '../../src/crypto/jwt.js';
import { startLoad, type Outcome } from './load.js';
import {
  HARNESS_IP,
  host,
  lossy,
  partition,
  redirect,
  setupNetwork,
  SUBNET,
  teardownNetwork,
  type Host,
} from './net.js';
import { delayProxy, type DelayProxy } from './delay-proxy.js';
import {
  clickhouseProc,
  haproxyProc,
  httpOk,
  initPostgres,
  keelProc,
  natsProcs,
  postgresProc,
  root,
  sleep,
  until,
  type Proc,
} from './services.js';
import { backupAndRestore } from './backup.js';

const num = (name: string, dflt: number) => {
  const v = process.env[name];
  if (v === undefined || v === '') return dflt;
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a non-negative number`);
  return n;
};
/** Whether this checkout's settings know the clustered stream (KEEL_STREAM_REPLICAS, several URLs). */
const clusteredStream = fs
  .readFileSync(path.join(root, 'src/config/settings.ts'), 'utf8')
  .includes('KEEL_STREAM_REPLICAS');

const cfg = {
  faultSeconds: num('KEEL_CLUSTER_FAULT_SECONDS', 20),
  degradeSeconds: num('KEEL_CLUSTER_DEGRADE_SECONDS', 60),
  settleSeconds: num('KEEL_CLUSTER_SETTLE_SECONDS', 20),
  writesPerSecond: num('KEEL_CLUSTER_WRITES_PER_SECOND', 10),
  readsPerSecond: num('KEEL_CLUSTER_READS_PER_SECOND', 4),
  schedules: num('KEEL_CLUSTER_SCHEDULES', 100),
  timeoutMs: num('KEEL_CLUSTER_REQUEST_TIMEOUT_MS', 15_000),
  replicas: num('KEEL_CLUSTER_STREAM_REPLICAS', clusteredStream ? 3 : 1),
  faults: (
    process.env.KEEL_CLUSTER_FAULTS ?? 'nats-leader,api-pg,connector-ch,scheduler-pg,pg-restart,api-nats-slow'
  )
    .split(',')
    .filter(Boolean),
  keepLogs: process.env.KEEL_CLUSTER_KEEP_LOGS,
};

const hosts = {
  pg: host('pg', 10),
  nats: [host('nats1', 21), host('nats2', 22), host('nats3', 23)],
  ch: host('ch', 30),
  api: [host('api1', 41), host('api2', 42)],
  sch: [host('sch1', 51), host('sch2', 52), host('sch3', 53)],
  con: [host('con1', 61), host('con2', 62)],
  lb: host('lb', 70),
};
const allHosts: Host[] = [
  hosts.pg,
  ...hosts.nats,
  hosts.ch,
  ...hosts.api,
  ...hosts.sch,
  ...hosts.con,
  hosts.lb,
];

const procs: Proc[] = [];
const proxies: DelayProxy[] = [];
let workDir = '';
const started = Date.now();
const stamp = () => `${((Date.now() - started) / 1000).toFixed(0).padStart(4)}s`;
const log = (msg: string) => console.log(`[${stamp()}] ${msg}`);

async function cleanup(): Promise<void> {
  for (const p of [...procs].reverse()) await p.stop('SIGTERM', 10_000).catch(() => undefined);
  for (const p of proxies) await p.close();
  teardownNetwork();
  if (workDir) {
    if (cfg.keepLogs) {
      fs.cpSync(path.join(workDir, 'logs'), cfg.keepLogs, { recursive: true });
      log(`logs copied to ${cfg.keepLogs}`);
    }
    fs.rmSync(workDir, { recursive: true, force: true });
  }
  if (locked) fs.rmSync(LOCK, { force: true });
}

interface FaultFigures {
  name: string;
  what: string;
  startedAt: number;
  healedAt: number;
  endedAt: number;
  requests: number;
  failed: number;
  failed503Problem: number;
  failedOther: Record<string, number>;
  /** the 503s by request kind and problem code */
  as503: Record<string, number>;
  hangs: number;
  apiRecoverySeconds: number | null;
  pipelineRecoverySeconds: number | null;
}

async function main(): Promise<number> {
  if (process.getuid?.() !== 0) throw new Error('the cluster test needs root (network namespaces)');
  for (const bin of [
    '/usr/sbin/haproxy',
    '/usr/sbin/nft',
    '/usr/sbin/nats-server',
    '/usr/sbin/clickhouse-server',
  ]) {
    if (!fs.existsSync(bin))
      throw new Error(
        `${bin} is missing (apt-get install -y haproxy nftables nats-server clickhouse-server)`,
      );
  }
  takeLock();
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'keel-cluster-'));
  fs.chmodSync(workDir, 0o755);
  const logDir = path.join(workDir, 'logs');
  fs.mkdirSync(logDir);
  log(
    `work dir ${workDir}; stream replicas ${cfg.replicas}${clusteredStream ? '' : ' (this checkout has no KEEL_STREAM_REPLICAS)'}`,
  );
  log(
    `faults ${cfg.faults.join(', ')}; ${cfg.faultSeconds}s each (latency ${cfg.degradeSeconds}s), settle ${cfg.settleSeconds}s`,
  );

  setupNetwork(allHosts);

  // --- engines
  const pgPassword = randomBytes(16).toString('hex');
  initPostgres(path.join(workDir, 'pg'), pgPassword);
  const postgres = postgresProc(hosts.pg, path.join(workDir, 'pg'), logDir);
  procs.push(postgres);
  postgres.start();
  const pgUrl = (db: string) => `postgres://keel:${pgPassword}@${hosts.pg.ip}:5432/${db}`;
  await until(
    'PostgreSQL',
    async () => {
      const c = new pg.Client({ connectionString: pgUrl('postgres') });
      await c.connect();
      await c.end();
      return true;
    },
    60_000,
    postgres,
  );
  await withPg(pgUrl('postgres'), (c) => c.query('CREATE DATABASE keel'));

  const natsPassword = randomBytes(16).toString('hex');
  fs.mkdirSync(path.join(workDir, 'nats'), { recursive: true });
  const nats = natsProcs(hosts.nats, path.join(workDir, 'nats'), logDir, 'keel', natsPassword);
  for (const n of nats) {
    procs.push(n);
    n.start();
  }
  for (const [i, n] of nats.entries()) {
    await until(n.name, httpOk(`http://${hosts.nats[i]!.ip}:8222/healthz?js-enabled-only=true`), 60_000, n);
  }
  const natsUrl = (h: Host) => `nats://keel:${natsPassword}@${h.ip}:4222`;
  // The API hosts reach NATS through relays in the harness, which add latency during the fault.
  const proxyPorts = hosts.nats.map((_, i) => 14221 + i);
  for (const [i, n] of hosts.nats.entries()) {
    proxies.push(await delayProxy(HARNESS_IP, proxyPorts[i]!, { host: n.ip, port: 4222 }));
  }
  for (const a of hosts.api) {
    redirect(
      a,
      hosts.nats.map((n, i) => ({
        to: { ip: n.ip, port: 4222 },
        via: { ip: HARNESS_IP, port: proxyPorts[i]! },
      })),
    );
  }

  const chPassword = randomBytes(16).toString('hex');
  const clickhouse = clickhouseProc(hosts.ch, path.join(workDir, 'ch'), logDir, chPassword, SUBNET);
  procs.push(clickhouse);
  clickhouse.start();
  await until('ClickHouse', httpOk(`http://${hosts.ch.ip}:8123/ping`), 90_000, clickhouse);
  const ch = clickhouseClient(`http://${hosts.ch.ip}:8123`, 'keel', chPassword);

  // --- Keel
  const lbUrl = `http://${hosts.lb.ip}:8080`;
  const admin = { email: 'ops@cluster.test', password: randomBytes(12).toString('hex') };
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    KEEL_DATABASE_URL: pgUrl('keel'),
    KEEL_AUTH_JWT_PRIVATE_KEY: Buffer.from(generateSigningKey()).toString('base64'),
    KEEL_AUTH_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    KEEL_CONFIG_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    KEEL_STREAM_URL: clusteredStream ? hosts.nats.map(natsUrl).join(',') : natsUrl(hosts.nats[0]!),
    KEEL_STREAM_REPLICAS: String(cfg.replicas),
    KEEL_ANALYTICS_URL: `clickhouse://keel:${chPassword}@${hosts.ch.ip}:8123/keel`,
    KEEL_CONNECTOR_API_KEY: randomBytes(32).toString('base64url'),
    KEEL_CONNECTOR_CONFIG_URL: `${lbUrl}/connectors/config`,
    KEEL_SCHEDULER_CLIENT_ID: 'scheduler-cluster',
    KEEL_SCHEDULER_CLIENT_SECRET: randomBytes(32).toString('base64url'),
    KEEL_SCHEDULER_API_URL: lbUrl,
    KEEL_PUBLIC_URL: lbUrl,
    KEEL_TRUST_PROXY: hosts.lb.ip,
    KEEL_METRICS_TOKEN: randomBytes(24).toString('base64url'),
    KEEL_LOG_LEVEL: 'warn',
    KEEL_PORT: '8080',
    KEEL_SCHEDULER_PORT: '8081',
  };
  const once = async (name: string, role: string, extra: Record<string, string>) => {
    const p = keelProc(name, hosts.api[0]!, role, logDir, { ...env, ...extra });
    p.start();
    await new Promise((r) => p.child!.once('exit', r));
    if (p.child!.exitCode !== 0) throw new Error(`keel ${role} failed:\n${p.tail()}`);
  };
  log('keel migrate, keel setup-service-accounts, bootstrap admin');
  await once('migrate', 'migrate', {
    KEEL_BOOTSTRAP_ADMIN_EMAIL: admin.email,
    KEEL_BOOTSTRAP_ADMIN_PASSWORD: admin.password,
  });
  await once('setup', 'setup-service-accounts', {});

  const apis = hosts.api.map((h, i) =>
    keelProc(`api${i + 1}`, h, 'api', logDir, { ...env, KEEL_HOST: h.ip }),
  );
  for (const a of apis) {
    procs.push(a);
    a.start();
  }
  for (const [i, a] of apis.entries())
    await until(a.name, httpOk(`http://${hosts.api[i]!.ip}:8080/ready`), 300_000, a);
  const lb = haproxyProc(hosts.lb, hosts.api, workDir, logDir);
  procs.push(lb);
  lb.start();
  await until('haproxy', httpOk(`${lbUrl}/ready`), 30_000, lb);

  const schedulers = hosts.sch.map((h, i) =>
    keelProc(`scheduler${i + 1}`, h, 'scheduler', logDir, { ...env, KEEL_HOST: h.ip }),
  );
  const connectors = hosts.con.map((h, i) =>
    keelProc(`connector${i + 1}`, h, 'connector', logDir, {
      ...env,
      KEEL_HOST: h.ip,
      KEEL_LOG_LEVEL: 'info',
    }),
  );
  for (const p of [...schedulers, ...connectors]) {
    procs.push(p);
    p.start();
  }
  for (const [i, s] of schedulers.entries())
    await until(s.name, httpOk(`http://${hosts.sch[i]!.ip}:8081/ready`), 300_000, s);
  for (const c of connectors) {
    await until(
      c.name,
      async () => /connector: sinks started/.test(fs.readFileSync(c.logFile, 'utf8')),
      90_000,
      c,
    );
  }
  const keelProcs = [...apis, ...schedulers, ...connectors];
  log(
    `up: postgres, ${nats.length} nats, clickhouse, haproxy, ${apis.length} api, ${schedulers.length} scheduler, ${connectors.length} connector`,
  );

  // --- data: an organization, project and environment; schedules every minute
  let token = await login(lbUrl, admin);
  const refresh = setInterval(() => {
    login(lbUrl, admin).then(
      (t) => (token = t),
      () => undefined,
    );
  }, 20 * 60_000);
  const api = async (method: string, p: string, body?: unknown, base = lbUrl) => {
    const res = await fetch(`${base}${p}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<Record<string, unknown>>;
  };
  await api('POST', '/organizations', { slug: 'cluster', name: 'Cluster' });
  await api('POST', '/organizations/cluster/teams', { slug: 'ops', name: 'Ops' });
  await api('POST', '/organizations/cluster/projects', { slug: 'p1', name: 'P1', team: 'ops' });
  await api('POST', '/organizations/cluster/projects', { slug: 'sched', name: 'Sched', team: 'ops' });
  await api('POST', '/environments', { slug: 'prod', name: 'Prod' });
  const schBase = `http://${hosts.sch[0]!.ip}:8081`;
  for (let i = 0; i < cfg.schedules; i++) {
    await api(
      'POST',
      '/scheduler/schedules',
      {
        slug: `every-minute-${i}`,
        cron: '* * * * *',
        target: {
          method: 'POST',
          path: '/organizations/cluster/projects/sched/comments',
          body: { body: `schedule every-minute-${i}` },
        },
      },
      schBase,
    );
  }
  const schedulesFrom = Math.ceil(Date.now() / 60_000) * 60_000;
  log(
    `${cfg.schedules} schedules every minute, first occurrence checked ${new Date(schedulesFrom).toISOString()}`,
  );

  // --- load and faults
  const load = startLoad({
    base: lbUrl,
    token: () => token,
    org: 'cluster',
    project: 'p1',
    environment: 'prod',
    writesPerSecond: cfg.writesPerSecond,
    readsPerSecond: cfg.readsPerSecond,
    timeoutMs: cfg.timeoutMs,
  });
  const figures: FaultFigures[] = [];
  const accepted = (before: number) => load.outcomes.filter((o) => o.status === 201 && o.t < before && o.id);
  /** Seconds after `healedAt` until ClickHouse holds every write accepted before it (null: not in 180 s). */
  const pipelineRecovery = async (healedAt: number): Promise<number | null> => {
    const writes = accepted(healedAt);
    const end = healedAt + 180_000;
    while (Date.now() < end) {
      const missing = await missingInClickHouse(ch, writes).catch(() => writes.length);
      if (missing === 0) return (Date.now() - healedAt) / 1000;
      await sleep(1000);
    }
    return null;
  };
  const figuresOf = (
    name: string,
    what: string,
    startedAt: number,
    healedAt: number,
    endedAt: number,
  ): FaultFigures => {
    const window = load.outcomes.filter((o) => o.t >= startedAt && o.t < endedAt);
    const failed = window.filter((o) => o.status < 200 || o.status >= 400);
    const other: Record<string, number> = {};
    for (const o of failed) {
      if (o.status === 503 && o.problem) continue;
      const key =
        o.status === 0
          ? `no answer (${o.error})`
          : `${o.status}${o.problem ? ' problem' : ' not problem+json'}${o.code ? ` ${o.code}` : ''}`;
      other[key] = (other[key] ?? 0) + 1;
    }
    const lastFailure = Math.max(0, ...failed.map((o) => o.t + o.ms));
    const as503: Record<string, number> = {};
    for (const o of failed) {
      if (o.status !== 503 || !o.problem) continue;
      const key = `${o.kind} ${o.code ?? ''}`.trim();
      as503[key] = (as503[key] ?? 0) + 1;
    }
    return {
      name,
      what,
      startedAt,
      healedAt,
      endedAt,
      requests: window.length,
      failed: failed.length,
      failed503Problem: failed.filter((o) => o.status === 503 && o.problem).length,
      failedOther: other,
      as503,
      hangs: failed.filter((o) => o.status === 0 && o.error === 'TimeoutError').length,
      apiRecoverySeconds: failed.length === 0 ? null : Math.max(0, (lastFailure - healedAt) / 1000),
      pipelineRecoverySeconds: null,
    };
  };

  log(`load: ${cfg.writesPerSecond} writes/s, ${cfg.readsPerSecond} reads/s through ${lbUrl}`);
  await sleep(cfg.settleSeconds * 1000);
  const faults: Record<string, { what: string; run: () => Promise<number> }> = {
    'nats-leader': {
      what: 'SIGKILL of the NATS server leading stream operations_log, restarted after the fault time',
      run: async () => {
        const leader = await streamLeader(
          hosts.nats.map((h) => h.ip),
          'operations_log',
        );
        const victim = nats.find((n) => n.name === leader) ?? nats[0]!;
        log(`  stream leader ${leader}: SIGKILL`);
        await victim.stop('SIGKILL');
        await sleep(cfg.faultSeconds * 1000);
        victim.start();
        await until(
          victim.name,
          httpOk(`http://${victim.host.ip}:8222/healthz?js-enabled-only=true`),
          60_000,
          victim,
        );
        return Date.now();
      },
    },
    'api-pg': {
      what: 'api1 cut from PostgreSQL',
      run: async () => {
        const heal = partition(hosts.api[0]!, [hosts.pg]);
        await sleep(cfg.faultSeconds * 1000);
        heal();
        return Date.now();
      },
    },
    'connector-ch': {
      what: 'connector1 cut from ClickHouse',
      run: async () => {
        const heal = partition(hosts.con[0]!, [hosts.ch]);
        await sleep(cfg.faultSeconds * 1000);
        heal();
        return Date.now();
      },
    },
    'scheduler-pg': {
      what: 'scheduler1 cut from PostgreSQL across a minute boundary',
      run: async () => {
        // Start so that the boundary falls in the middle of the cut.
        const seconds = Math.max(cfg.faultSeconds, 4);
        const boundary = Math.ceil((Date.now() + (seconds / 2) * 1000 + 1000) / 60_000) * 60_000;
        await sleep(boundary - (seconds / 2) * 1000 - Date.now());
        const heal = partition(hosts.sch[0]!, [hosts.pg]);
        await sleep(seconds * 1000);
        heal();
        return Date.now();
      },
    },
    'pg-restart': {
      what: 'PostgreSQL fast shutdown (SIGINT) and start',
      run: async () => {
        await postgres.stop('SIGINT', 30_000);
        postgres.start();
        await until(
          'PostgreSQL',
          async () => {
            await withPg(pgUrl('keel'), (c) => c.query('SELECT 1'));
            return true;
          },
          60_000,
          postgres,
        );
        return Date.now();
      },
    },
    'api-nats-slow': {
      what: '200 ms latency each way and 2% packet loss between the API hosts and NATS',
      run: async () => {
        const undo = hosts.api.map((a) => lossy(a, HARNESS_IP, proxyPorts, 2));
        for (const p of proxies) p.delayMs = 200; // each way, as netem's delay on both ends
        await sleep(cfg.degradeSeconds * 1000);
        for (const p of proxies) p.delayMs = 0;
        for (const u of undo) u();
        return Date.now();
      },
    },
  };
  for (const name of cfg.faults) {
    const fault = faults[name];
    if (!fault) throw new Error(`unknown fault ${name} (known: ${Object.keys(faults).join(', ')})`);
    log(`fault ${name}: ${fault.what}`);
    const startedAt = Date.now();
    const healedAt = await fault.run();
    log(`  healed after ${((healedAt - startedAt) / 1000).toFixed(1)}s`);
    const pipeline = pipelineRecovery(healedAt);
    await sleep(cfg.settleSeconds * 1000);
    const f = figuresOf(name, fault.what, startedAt, healedAt, Date.now());
    f.pipelineRecoverySeconds = await pipeline;
    figures.push(f);
    log(
      `  ${f.requests} requests, ${f.failed} failed (${f.failed503Problem} 503 problem+json), api recovery ${fmt(f.apiRecoverySeconds)}, analytics caught up ${fmt(f.pipelineRecoverySeconds)}`,
    );
    for (const [k, v] of Object.entries(f.as503)) log(`  ${v} x 503 ${k}`);
    for (const [k, v] of Object.entries(f.failedOther)) log(`  ${v} failed otherwise: ${k}`);
  }
  // One more minute boundary without faults, so the last due minute is checked after recovery.
  await sleep(cfg.settleSeconds * 1000);
  await load.stop();
  const loadEnded = Date.now();
  clearInterval(refresh);
  log('load stopped; waiting for the pipeline and the last runs');

  // --- checks
  const problems: string[] = [];
  const writes = accepted(loadEnded);
  const caughtUp = await pipelineRecovery(loadEnded);
  if (caughtUp === null) problems.push('ClickHouse did not catch up with the accepted writes in 180 s');
  const result = await checkWrites(pgUrl('keel'), ch, writes);
  log(
    `writes accepted: ${result.accepted} (${result.oplog} operations-log, ${result.comments} comments); missing in PostgreSQL ${result.missingPg}; missing in ClickHouse ${result.missingCh}; more than once after FINAL ${result.duplicatesFinal}; copies in plain reads ${result.plainCopies}`,
  );
  if (result.missingPg > 0) problems.push(`${result.missingPg} accepted writes missing in PostgreSQL`);
  if (result.missingCh > 0) problems.push(`${result.missingCh} accepted writes missing in ClickHouse`);
  if (result.duplicatesFinal > 0)
    problems.push(`${result.duplicatesFinal} writes more than once in ClickHouse after FINAL`);

  // Schedules: the checked minutes are those from the first after creation to the last before the
  // load stopped (its runs had time to finish by now).
  const schedulesTo = Math.floor((loadEnded - 30_000) / 60_000) * 60_000;
  await sleep(Math.max(0, schedulesTo + 60_000 + 20_000 - Date.now()));
  const sched = await checkSchedules(pgUrl('keel'), cfg.schedules, schedulesFrom, schedulesTo);
  log(
    `schedules: ${sched.minutes} minutes x ${cfg.schedules} = ${sched.expected} due; runs ${sched.runs} (${Object.entries(
      sched.states,
    )
      .map(([k, v]) => `${v} ${k}`)
      .join(
        ', ',
      )}); missing ${sched.missing}; double runs ${sched.doubleRuns}; target calls more than runs ${sched.doubleCalls}`,
  );
  for (const r of sched.reasons) log(`  ${r}`);
  if (sched.missing > 0) problems.push(`${sched.missing} due occurrences have no run`);
  if (sched.doubleRuns > 0 || sched.doubleCalls > 0)
    problems.push(`double fires: ${sched.doubleRuns} runs, ${sched.doubleCalls} calls`);

  for (const p of keelProcs) {
    if (p.exits.length > 0 || p.starts !== 1) problems.push(`${p.name} exited: ${p.exits.join('; ')}`);
  }
  for (const [i, a] of hosts.api.entries()) {
    if (!(await httpOk(`http://${a.ip}:8080/ready`)().catch(() => false)))
      problems.push(`api${i + 1} not ready at the end`);
  }
  for (const [i, s] of hosts.sch.entries()) {
    if (!(await httpOk(`http://${s.ip}:8081/ready`)().catch(() => false)))
      problems.push(`scheduler${i + 1} not ready at the end`);
  }
  for (const f of figures) {
    const bad = Object.entries(f.failedOther);
    if (bad.length > 0)
      problems.push(
        `fault ${f.name}: failures that were not 503 problem+json: ${bad.map(([k, v]) => `${v} x ${k}`).join(', ')}`,
      );
  }
  const all = load.outcomes;
  const allFailed = all.filter((o) => o.status < 200 || o.status >= 400);
  log(`requests: ${all.length}, failed ${allFailed.length}: ${summary(allFailed)}`);

  // --- backups: PostgreSQL and ClickHouse, restored and compared
  const backup = await backupAndRestore({
    pgUrl,
    dumpFile: path.join(workDir, 'keel.dump'),
    ch,
    chRaw: clickhouseRaw(`http://${hosts.ch.ip}:8123`, 'keel', chPassword),
    chBackupDir: path.join(workDir, 'ch-backup'),
    log,
  });
  const restored = await checkWrites(
    pgUrl(backup.pgRestored),
    clickhouseClient(`http://${hosts.ch.ip}:8123`, 'keel', chPassword, backup.chRestored),
    writes,
  );
  log(
    `restored copies: missing in PostgreSQL ${restored.missingPg}, missing in ClickHouse ${restored.missingCh}, more than once after FINAL ${restored.duplicatesFinal}`,
  );
  if (restored.missingPg + restored.missingCh + restored.duplicatesFinal > 0)
    problems.push('the restored backups do not hold every accepted write exactly once');

  printTable(figures);
  const took = (Date.now() - started) / 1000;
  log(`run took ${took.toFixed(0)} s`);
  if (problems.length > 0) {
    console.log(`\nFAILED:\n- ${problems.join('\n- ')}`);
    return 1;
  }
  console.log('\ncluster test passed');
  return 0;
}

function fmt(s: number | null): string {
  return s === null ? 'n/a' : `${s.toFixed(1)}s`;
}

function summary(outcomes: Outcome[]): string {
  const by: Record<string, number> = {};
  for (const o of outcomes) {
    const k = o.status === 0 ? `no answer (${o.error})` : `${o.status}${o.problem ? ' problem+json' : ''}`;
    by[k] = (by[k] ?? 0) + 1;
  }
  return (
    Object.entries(by)
      .map(([k, v]) => `${v} x ${k}`)
      .join(', ') || 'none'
  );
}

function printTable(figures: FaultFigures[]): void {
  console.log(
    '\n| fault | fault s | requests in window | failed | of which 503 problem+json | other failures | no answer | API recovery s | analytics caught up s |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const f of figures) {
    const other = Object.values(f.failedOther).reduce((a, b) => a + b, 0);
    console.log(
      `| ${f.name} | ${((f.healedAt - f.startedAt) / 1000).toFixed(0)} | ${f.requests} | ${f.failed} | ${f.failed503Problem} | ${other} | ${f.hangs} | ${f.apiRecoverySeconds === null ? '-' : f.apiRecoverySeconds.toFixed(1)} | ${f.pipelineRecoverySeconds === null ? 'not in 180' : f.pipelineRecoverySeconds.toFixed(1)} |`,
    );
  }
}

// --- helpers

async function withPg<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

async function login(base: string, admin: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  if (!res.ok) throw new Error(`login: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

export type ClickHouse = (sql: string) => Promise<string>;

function clickhouseClient(base: string, user: string, password: string, database = 'keel'): ClickHouse {
  return async (sql: string) => {
    const res = await fetch(`${base}/?database=${database}`, {
      method: 'POST',
      headers: { 'x-clickhouse-user': user, 'x-clickhouse-key': password },
      body: sql,
      signal: AbortSignal.timeout(30_000),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`ClickHouse: ${res.status} ${text.slice(0, 500)}`);
    return text;
  };
}

function clickhouseRaw(base: string, user: string, password: string) {
  return async (sql: string, body?: Buffer): Promise<Buffer> => {
    const res = await fetch(`${base}/?query=${encodeURIComponent(sql)}`, {
      method: 'POST',
      headers: { 'x-clickhouse-user': user, 'x-clickhouse-key': password },
      body,
      signal: AbortSignal.timeout(120_000),
    });
    const bytes = Buffer.from(await res.arrayBuffer());
    if (!res.ok) throw new Error(`ClickHouse: ${res.status} ${bytes.toString('utf8').slice(0, 500)}`);
    return bytes;
  };
}

const quoteIds = (ids: string[]) => ids.map((id) => `'${id.replace(/[^0-9a-f-]/gi, '')}'`).join(',');

/** How many of `writes` ClickHouse does not hold yet. */
async function missingInClickHouse(ch: ClickHouse, writes: Outcome[]): Promise<number> {
  const oplog = writes.filter((w) => w.kind === 'oplog').map((w) => w.id!);
  const comments = writes.filter((w) => w.kind === 'comment').map((w) => w.id!);
  let found = 0;
  if (oplog.length)
    found += Number(
      await ch(`SELECT uniqExact(id) FROM operations_log WHERE toString(id) IN (${quoteIds(oplog)})`),
    );
  if (comments.length) {
    found += Number(
      await ch(
        `SELECT uniqExact(subject_id) FROM events WHERE event_type = 'comment.created' AND subject_id IN (${quoteIds(comments)})`,
      ),
    );
  }
  return oplog.length + comments.length - found;
}

async function checkWrites(pgUrl: string, ch: ClickHouse, writes: Outcome[]) {
  const oplog = writes.filter((w) => w.kind === 'oplog').map((w) => w.id!);
  const comments = writes.filter((w) => w.kind === 'comment').map((w) => w.id!);
  const inPg = await withPg(pgUrl, async (c) => {
    const a = await c.query<{ n: string }>(
      `SELECT count(DISTINCT id)::text AS n FROM graph_nodes WHERE label = 'Comment' AND id = ANY($1::uuid[])`,
      [comments],
    );
    const b = await c.query<{ n: string }>(
      `SELECT count(DISTINCT row->>'id')::text AS n FROM analytics_outbox WHERE stream = 'operations_log' AND row->>'id' = ANY($1::text[])`,
      [oplog],
    );
    return Number(a.rows[0]!.n) + Number(b.rows[0]!.n);
  });
  const countFinal = async (sql: string) =>
    (await ch(sql))
      .split('\n')
      .filter(Boolean)
      .map((l) => Number(l.split('\t')[1]));
  const oplogFinal = oplog.length
    ? await countFinal(
        `SELECT toString(id), count() FROM operations_log FINAL WHERE toString(id) IN (${quoteIds(oplog)}) GROUP BY id FORMAT TabSeparated`,
      )
    : [];
  const commentsFinal = comments.length
    ? await countFinal(
        `SELECT subject_id, count() FROM events FINAL WHERE event_type = 'comment.created' AND subject_id IN (${quoteIds(comments)}) GROUP BY subject_id FORMAT TabSeparated`,
      )
    : [];
  const plainCopies =
    (oplog.length
      ? Number(await ch(`SELECT count() FROM operations_log WHERE toString(id) IN (${quoteIds(oplog)})`))
      : 0) +
    (comments.length
      ? Number(
          await ch(
            `SELECT count() FROM events WHERE event_type = 'comment.created' AND subject_id IN (${quoteIds(comments)})`,
          ),
        )
      : 0);
  const found = [...oplogFinal, ...commentsFinal];
  return {
    accepted: writes.length,
    oplog: oplog.length,
    comments: comments.length,
    missingPg: writes.length - inPg,
    missingCh: writes.length - found.length,
    duplicatesFinal: found.filter((n) => n > 1).length,
    plainCopies,
  };
}

async function checkSchedules(pgUrl: string, schedules: number, from: number, to: number) {
  const minutes = Math.max(0, Math.floor((to - from) / 60_000) + 1);
  return withPg(pgUrl, async (c) => {
    const runs = await c.query<{ slug: string; occ: Date; state: string; n: string }>(
      `SELECT schedule_slug AS slug, occurrence_at AS occ, state, count(*)::text AS n FROM scheduler.runs
        WHERE trigger = 'schedule' AND schedule_slug LIKE 'every-minute-%' AND occurrence_at BETWEEN $1 AND $2
        GROUP BY 1, 2, 3`,
      [new Date(from), new Date(to)],
    );
    const states: Record<string, number> = {};
    let doubleRuns = 0;
    const seen = new Set<string>();
    for (const r of runs.rows) {
      states[r.state] = (states[r.state] ?? 0) + Number(r.n);
      if (Number(r.n) > 1) doubleRuns += Number(r.n) - 1;
      seen.add(`${r.slug}@${r.occ.getTime()}`);
    }
    // The calls that reached the API: comments on project sched whose occurrence minute is checked.
    const calls = await c.query<{ body: string; n: string }>(
      `SELECT n.props->>'body' AS body, count(*)::text AS n FROM graph_nodes n
        WHERE n.label = 'Comment' AND n.props->>'body' LIKE 'schedule every-minute-%'
          AND n.created_at >= $1 AND n.created_at < $2 GROUP BY 1`,
      [new Date(from), new Date(to + 60_000)],
    );
    const runsBySlug = await c.query<{ slug: string; n: string }>(
      `SELECT schedule_slug AS slug, count(*)::text AS n FROM scheduler.runs
        WHERE trigger = 'schedule' AND schedule_slug LIKE 'every-minute-%' AND state <> 'skipped'
          AND occurrence_at >= $1 AND occurrence_at < $2 GROUP BY 1`,
      [new Date(from - 60_000), new Date(to + 60_000)],
    );
    const why = await c.query<{ state: string; error: string; n: string }>(
      `SELECT state, left(coalesce(error, http_status::text, ''), 90) AS error, count(*)::text AS n FROM scheduler.runs
        WHERE trigger = 'schedule' AND schedule_slug LIKE 'every-minute-%' AND state IN ('failed', 'skipped')
          AND occurrence_at BETWEEN $1 AND $2 GROUP BY 1, 2 ORDER BY 3 DESC LIMIT 10`,
      [new Date(from), new Date(to)],
    );
    const reasons = why.rows.map((r) => `${r.n} ${r.state}: ${r.error}`);
    const runCount = new Map(runsBySlug.rows.map((r) => [r.slug, Number(r.n)]));
    let doubleCalls = 0;
    for (const r of calls.rows) {
      const slug = r.body.replace('schedule ', '');
      doubleCalls += Math.max(0, Number(r.n) - (runCount.get(slug) ?? 0));
    }
    return {
      minutes,
      expected: minutes * schedules,
      runs: runs.rows.reduce((a, r) => a + Number(r.n), 0),
      states,
      missing: minutes * schedules - seen.size,
      doubleRuns,
      doubleCalls,
      reasons,
    };
  });
}

/** The server (its name) leading `stream`, from any node's monitoring endpoint. */
async function streamLeader(ips: string[], stream: string): Promise<string> {
  for (const ip of ips) {
    try {
      const res = await fetch(`http://${ip}:8222/jsz?accounts=true&streams=true`, {
        signal: AbortSignal.timeout(2000),
      });
      const body = (await res.json()) as {
        account_details?: { stream_detail?: { name: string; cluster?: { leader?: string } }[] }[];
      };
      for (const a of body.account_details ?? []) {
        for (const s of a.stream_detail ?? [])
          if (s.name === stream && s.cluster?.leader) return s.cluster.leader;
      }
    } catch {
      /* next node */
    }
  }
  throw new Error(`no NATS node names a leader of stream ${stream}`);
}

/** One run at a time on a machine: a second would tear down the first's namespaces. */
const LOCK = path.join(os.tmpdir(), 'keel-cluster-test.lock');
let locked = false;
function takeLock(): void {
  try {
    fs.writeFileSync(LOCK, String(process.pid), { flag: 'wx' });
  } catch {
    const pid = Number(fs.readFileSync(LOCK, 'utf8'));
    let alive = false;
    try {
      process.kill(pid, 0);
      alive = true;
    } catch {
      /* a run that died without cleaning up */
    }
    if (alive) throw new Error(`another cluster test runs (pid ${pid}, ${LOCK})`);
    fs.writeFileSync(LOCK, String(process.pid));
  }
  locked = true;
}

let exiting = false;
async function exit(code: number) {
  if (exiting) return;
  exiting = true;
  try {
    await cleanup();
  } finally {
    process.exit(code);
  }
}
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(sig, () => {
    console.log(`\n${sig}: cleaning up`);
    void exit(130);
  });
}
// Last resort if the process dies another way: the namespaces and links go (children are killed by
// their own parent going away only for those in-process; the stop above handles them normally).
process.on('exit', () => {
  if (!exiting && locked) {
    teardownNetwork();
    fs.rmSync(LOCK, { force: true });
  }
});

main().then(
  (code) => exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.stack : err);
    void exit(1);
  },
);
