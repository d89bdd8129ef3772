// A three-node NATS JetStream cluster of a test's own, on loopback: each node with its own client,
// route and monitoring port and its own store under one temporary directory, one user and password
// (in config files readable by this user only). Nodes can be killed and started again one by one.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../src/db/embedded.js';

export interface ClusterNode {
  name: string;
  port: number;
  monitor: number;
  /** nats://user:password@127.0.0.1:port of this node alone. */
  url: string;
  start(): Promise<void>;
  /** SIGKILL by default: a node that dies without a word. */
  stop(signal?: NodeJS.Signals): Promise<void>;
  running(): boolean;
}

export interface OwnNatsCluster {
  nodes: ClusterNode[];
  /** Every node's URL, comma-separated: what KEEL_STREAM_URL holds for a cluster. */
  url: string;
  /** Waits until every running node reports JetStream healthy and a meta leader is elected. */
  healthy(timeoutMs?: number): Promise<void>;
  node(name: string): ClusterNode;
  destroy(): Promise<void>;
}

/** Why a cluster test cannot run here, or null when nats-server is installed. */
export function natsServerMissing(): string | null {
  const r = spawnSync('nats-server', ['--version'], { encoding: 'utf8' });
  return r.status === 0
    ? null
    : 'nats-server is not installed (Debian package nats-server; .ci/run installs it)';
}

export async function ownNatsCluster(size = 3): Promise<OwnNatsCluster> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'keel-nats-cluster-'));
  const password = randomBytes(12).toString('hex');
  const ports: Array<{ port: number; route: number; monitor: number }> = [];
  for (let i = 0; i < size; i++) {
    ports.push({ port: await freePort(), route: await freePort(), monitor: await freePort() });
  }
  const nodes: ClusterNode[] = ports.map((p, i) => {
    const name = `n${i + 1}`;
    const routes = ports
      .filter((_, j) => j !== i)
      .map((o) => `nats-route://127.0.0.1:${o.route}`)
      .join(', ');
    const config = path.join(dir, `${name}.conf`);
    fs.writeFileSync(
      config,
      `server_name: ${name}\nlisten: 127.0.0.1:${p.port}\nhttp: 127.0.0.1:${p.monitor}\n` +
        `jetstream { store_dir: "${path.join(dir, name)}" }\n` +
        `cluster { name: keel-test, listen: 127.0.0.1:${p.route}, routes: [${routes}] }\n` +
        `authorization { user: keel, password: "${password}" }\n`,
      { mode: 0o600 },
    );
    let child: ChildProcess | null = null;
    const node: ClusterNode = {
      name,
      port: p.port,
      monitor: p.monitor,
      url: `nats://keel:${password}@127.0.0.1:${p.port}`,
      async start() {
        const log = fs.openSync(path.join(dir, `${name}.log`), 'a');
        child = spawn('nats-server', ['-c', config], { stdio: ['ignore', 'ignore', log] });
        fs.closeSync(log);
      },
      async stop(signal = 'SIGKILL') {
        const c = child;
        if (!c || c.exitCode !== null || c.signalCode !== null) return;
        const exited = new Promise((r) => c.once('exit', r));
        c.kill(signal);
        await exited;
        child = null;
      },
      running: () => child !== null && child.exitCode === null && child.signalCode === null,
    };
    return node;
  });

  const cluster: OwnNatsCluster = {
    nodes,
    url: nodes.map((n) => n.url).join(','),
    async healthy(timeoutMs = 20_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const states = await Promise.all(
          nodes
            .filter((n) => n.running())
            .map(async (n) => {
              try {
                const res = await fetch(`http://127.0.0.1:${n.monitor}/healthz`);
                if (!res.ok) return false;
                const jsz = (await (await fetch(`http://127.0.0.1:${n.monitor}/jsz`)).json()) as {
                  meta_cluster?: { leader?: string };
                };
                return Boolean(jsz.meta_cluster?.leader);
              } catch {
                return false;
              }
            }),
        );
        if (states.length > 0 && states.every(Boolean)) return;
        if (Date.now() > until) {
          const logs = nodes.map((n) => tail(path.join(dir, `${n.name}.log`))).join('\n');
          throw new Error(`the NATS cluster did not become healthy in ${timeoutMs} ms\n${logs}`);
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    node(name) {
      const n = nodes.find((x) => x.name === name);
      if (!n) throw new Error(`no node ${name}`);
      return n;
    },
    async destroy() {
      for (const n of nodes) await n.stop('SIGKILL');
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  for (const n of nodes) await n.start();
  try {
    await cluster.healthy();
  } catch (err) {
    await cluster.destroy();
    throw err;
  }
  return cluster;
}

function tail(file: string): string {
  try {
    return `${path.basename(file)}:\n${fs.readFileSync(file, 'utf8').split('\n').slice(-15).join('\n')}`;
  } catch {
    return '';
  }
}
