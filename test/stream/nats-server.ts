// A nats-server of a test's own (JetStream, user and password, a temporary store), for tests that stop
// or restart the server; the shared one is never touched.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { freePort } from '../../src/db/embedded.js';
import { natsEndpoint } from '../../src/analytics/stream/nats.js';

export interface OwnNats {
  url: string;
  password: string;
  start(): Promise<void>;
  /** SIGTERM (clean) or SIGKILL. */
  stop(signal?: NodeJS.Signals): Promise<void>;
  /** Stops the server and removes its store. */
  destroy(): Promise<void>;
}

/** KEEL_TEST_NATS_URL, or undefined when NATS tests may be skipped; throws when CI requires them. */
export function testNatsUrl(): string | undefined {
  const url = process.env.KEEL_TEST_NATS_URL;
  if (!url && process.env.KEEL_TEST_REQUIRE_SERVICES === '1') {
    throw new Error(
      'KEEL_TEST_NATS_URL is not set and KEEL_TEST_REQUIRE_SERVICES=1: NATS tests cannot be skipped',
    );
  }
  return url || undefined;
}

export async function ownNats(): Promise<OwnNats> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'keel-nats-'));
  const [port, monitor] = [await freePort(), await freePort()];
  const password = randomBytes(12).toString('hex');
  const config = path.join(dir, 'nats.conf');
  // The password goes in a file readable by this user only, never on a command line.
  fs.writeFileSync(
    config,
    `listen: 127.0.0.1:${port}\nhttp: 127.0.0.1:${monitor}\n` +
      `jetstream { store_dir: "${path.join(dir, 'store')}" }\n` +
      `authorization { user: keel, password: "${password}" }\n`,
    { mode: 0o600 },
  );
  let child: ChildProcess | null = null;
  const server: OwnNats = {
    url: `nats://keel:${password}@127.0.0.1:${port}`,
    password,
    async start() {
      child = spawn('nats-server', ['-c', config], { stdio: 'ignore' });
      for (let i = 0; i < 200; i++) {
        if (child.exitCode !== null) throw new Error(`nats-server exited with ${child.exitCode}`);
        try {
          const res = await fetch(`http://127.0.0.1:${monitor}/healthz?js-enabled-only=true`);
          if (res.ok) return;
        } catch {
          /* not up yet */
        }
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error('nats-server did not become healthy');
    },
    async stop(signal = 'SIGTERM') {
      const c = child;
      if (!c || c.exitCode !== null) return;
      const exited = new Promise((r) => c.once('exit', r));
      c.kill(signal);
      await exited;
      child = null;
    },
    async destroy() {
      await server.stop('SIGKILL');
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  await server.start();
  return server;
}

/** A plain client connection to the server at `url`, its credentials passed as options. */
export async function connectNats(url: string): Promise<NatsConnection> {
  const u = new URL(url);
  return connect({
    servers: natsEndpoint(url),
    ...(u.username ? { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) } : {}),
  });
}

/** Deletes every JetStream stream whose name starts with `prefix` (tests on a shared server). */
export async function deleteNatsStreams(url: string, prefix: string): Promise<void> {
  const nc = await connectNats(url);
  try {
    const jsm = await jetstreamManager(nc);
    for await (const name of jsm.streams.names()) {
      if (name.startsWith(prefix)) await jsm.streams.delete(name).catch(() => {});
    }
  } finally {
    await nc.close();
  }
}
