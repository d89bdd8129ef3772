// The engines and Keel's processes of the cluster, each started in its host's namespace as a child of
// the harness (so the harness knows every pid it must stop), its output in a file of the run's dir.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sh, type Host } from './net.js';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A process of the cluster. `exits` lists exits nobody asked for. */
export class Proc {
  child: ChildProcess | null = null;
  readonly exits: string[] = [];
  starts = 0;
  constructor(
    readonly name: string,
    readonly host: Host,
    readonly logFile: string,
    private readonly argv: () => string[],
    private readonly env: Record<string, string> = {},
  ) {}

  start(): void {
    const out = fs.openSync(this.logFile, 'a');
    const [cmd, ...args] = this.argv();
    const child = spawn('ip', ['netns', 'exec', this.host.ns, cmd!, ...args], {
      env: { ...process.env, ...this.env },
      stdio: ['ignore', out, out],
      cwd: root,
    });
    fs.closeSync(out);
    this.child = child;
    this.starts++;
    child.once('exit', (code, signal) => {
      if (this.child === child) this.exits.push(`${this.name}: exit code ${code}, signal ${signal}`);
    });
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  running(): boolean {
    const c = this.child;
    return !!c && c.exitCode === null && c.signalCode === null;
  }

  /** Sends `signal` and waits for the exit (SIGKILL after `graceMs`). */
  async stop(signal: NodeJS.Signals = 'SIGTERM', graceMs = 15_000): Promise<void> {
    const c = this.child;
    this.child = null;
    if (!c || c.exitCode !== null || c.signalCode !== null) return;
    const exited = new Promise((r) => c.once('exit', r));
    c.kill(signal);
    const timer = setTimeout(() => c.kill('SIGKILL'), graceMs);
    await exited;
    clearTimeout(timer);
  }

  tail(n = 30): string {
    return fs.existsSync(this.logFile)
      ? fs.readFileSync(this.logFile, 'utf8').split('\n').slice(-n).join('\n')
      : '';
  }
}

/** Waits until `probe` is true (or throws naming `what`, with the log tail of `proc`). */
export async function until(what: string, probe: () => Promise<boolean>, ms = 60_000, proc?: Proc) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (proc && proc.starts > 0 && !proc.running()) break;
    try {
      if (await probe()) return;
    } catch {
      /* not yet */
    }
    await sleep(250);
  }
  throw new Error(`${what} not ready after ${ms} ms${proc ? `\n--- ${proc.logFile}\n${proc.tail()}` : ''}`);
}

export const httpOk =
  (url: string, headers: Record<string, string> = {}) =>
  async () =>
    (await fetch(url, { headers, signal: AbortSignal.timeout(2000) })).ok;

// --- PostgreSQL: Debian's binaries, a cluster of its own in the run's dir, owned by `postgres`.

const PG_BIN = '/usr/lib/postgresql/15/bin';

export function postgresUid(): number {
  return Number(sh('id', ['-u', 'postgres']).trim());
}

export function initPostgres(dir: string, password: string): void {
  const uid = postgresUid();
  fs.mkdirSync(dir, { recursive: true });
  fs.chownSync(dir, uid, uid);
  const pw = path.join(dir, '..', 'pg-password');
  fs.writeFileSync(pw, password, { mode: 0o600 });
  fs.chownSync(pw, uid, uid);
  sh('setpriv', [
    `--reuid=${uid}`, `--regid=${uid}`, '--init-groups',
    `${PG_BIN}/initdb`, '-D', `${dir}/data`, '-U', 'keel', `--pwfile=${pw}`, '-A', 'scram-sha-256',
    '--no-sync', '-E', 'UTF8', '--locale=C.UTF-8',
  ]); // prettier-ignore
  fs.rmSync(pw);
  fs.appendFileSync(`${dir}/data/pg_hba.conf`, 'host all all 0.0.0.0/0 scram-sha-256\n');
}

export function postgresProc(h: Host, dir: string, logDir: string): Proc {
  return new Proc(
    'postgres',
    h,
    path.join(logDir, 'postgres.log'),
    () => [
      'setpriv', '--reuid=postgres', '--regid=postgres', '--init-groups', `${PG_BIN}/postgres`, '-D', `${dir}/data`, '-c', `listen_addresses=${h.ip}`, '-p', '5432',
      '-c', `unix_socket_directories=${dir}`, '-c', 'max_connections=300', '-c', 'fsync=off',
      '-c', 'shared_buffers=128MB',
    ], // prettier-ignore
  );
}

// --- NATS JetStream: three servers with routes between their namespaces.

export function natsProcs(
  hosts: Host[],
  dir: string,
  logDir: string,
  user: string,
  password: string,
): Proc[] {
  return hosts.map((h, i) => {
    const name = `nats${i + 1}`;
    const conf = path.join(dir, `${name}.conf`);
    const routes = hosts
      .filter((o) => o !== h)
      .map((o) => `nats-route://${o.ip}:6222`)
      .join(', ');
    fs.writeFileSync(
      conf,
      `server_name: ${name}
listen: ${h.ip}:4222
http: ${h.ip}:8222
jetstream { store_dir: "${dir}/${name}" }
cluster { name: keel, listen: ${h.ip}:6222, routes: [${routes}] }
authorization { user: ${user}, password: "${password}" }
`,
      { mode: 0o600 },
    );
    return new Proc(name, h, path.join(logDir, `${name}.log`), () => ['/usr/sbin/nats-server', '-c', conf]);
  });
}

// --- ClickHouse: a private config like .ci/clickhouse, on the host's address.

export function clickhouseProc(h: Host, dir: string, logDir: string, password: string, subnet: string): Proc {
  for (const d of ['data', 'tmp', 'log', 'format_schemas'])
    fs.mkdirSync(path.join(dir, d), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'config.xml'),
    `<?xml version="1.0"?>
<clickhouse>
  <logger><level>warning</level><log>${dir}/log/server.log</log><errorlog>${dir}/log/error.log</errorlog><size>10M</size><count>2</count></logger>
  <listen_host>${h.ip}</listen_host>
  <http_port>8123</http_port>
  <tcp_port>9000</tcp_port>
  <path>${dir}/data/</path>
  <tmp_path>${dir}/tmp/</tmp_path>
  <format_schema_path>${dir}/format_schemas/</format_schema_path>
  <users_config>${dir}/users.xml</users_config>
  <default_profile>default</default_profile>
  <default_database>default</default_database>
  <mark_cache_size>268435456</mark_cache_size>
  <max_concurrent_queries>100</max_concurrent_queries>
  <keep_alive_timeout>3</keep_alive_timeout>
</clickhouse>
`,
  );
  fs.writeFileSync(
    path.join(dir, 'users.xml'),
    `<?xml version="1.0"?>
<clickhouse>
  <profiles><default><max_memory_usage>2000000000</max_memory_usage></default></profiles>
  <users>
    <keel>
      <password>${password}</password>
      <networks><ip>${subnet}.0/24</ip></networks>
      <profile>default</profile>
      <quota>default</quota>
      <access_management>0</access_management>
    </keel>
  </users>
  <quotas><default><interval><duration>3600</duration><queries>0</queries><errors>0</errors><result_rows>0</result_rows><read_rows>0</read_rows><execution_time>0</execution_time></interval></default></quotas>
</clickhouse>
`,
    { mode: 0o600 },
  );
  return new Proc('clickhouse', h, path.join(logDir, 'clickhouse.log'), () => [
    '/usr/sbin/clickhouse-server',
    `--config-file=${dir}/config.xml`,
  ]);
}

// --- HAProxy in front of the API replicas: health checks on /ready, a problem+json 503 of its own.

export function haproxyProc(h: Host, apis: Host[], dir: string, logDir: string): Proc {
  const body = JSON.stringify({
    type: 'about:blank',
    title: 'Service Unavailable',
    status: 503,
    code: 'no_api_replica',
    detail: 'no API replica is available; try again shortly',
  });
  const errorFile = path.join(dir, '503.http');
  fs.writeFileSync(
    errorFile,
    `HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/problem+json\r\nretry-after: 2\r\ncache-control: no-store\r\nconnection: close\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
  const servers = apis.map((a, i) => `  server api${i + 1} ${a.ip}:8080 check`).join('\n');
  fs.writeFileSync(
    path.join(dir, 'haproxy.cfg'),
    `global
  maxconn 4000
defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 40s
  timeout http-request 30s
  option forwardfor
  retries 2
  option redispatch
  retry-on conn-failure empty-response
  errorfile 503 ${errorFile}
frontend api
  bind ${h.ip}:8080
  default_backend keel
backend keel
  balance roundrobin
  option httpchk GET /ready
  http-check expect status 200
  timeout check 3s
  default-server inter 1s fall 3 rise 2
${servers}
`,
  );
  return new Proc('haproxy', h, path.join(logDir, 'haproxy.log'), () => [
    '/usr/sbin/haproxy',
    '-db',
    '-f',
    path.join(dir, 'haproxy.cfg'),
  ]);
}

// --- Keel: bin/keel.js with a role, in its host's namespace.

export function keelProc(
  name: string,
  h: Host,
  role: string,
  logDir: string,
  env: Record<string, string>,
): Proc {
  return new Proc(
    name,
    h,
    path.join(logDir, `${name}.log`),
    () => [process.execPath, '--max-semi-space-size=64', path.join(root, 'bin/keel.js'), role],
    env,
  );
}
