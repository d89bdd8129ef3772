// Long-running roles: the API server and background tasks, with a clean shutdown on SIGINT/SIGTERM.
import type { Runtime } from './boot.js';
import type { BackgroundTask } from '../kernel/domain.js';
import { buildApi } from './api.js';
import type { Api } from '../kernel/domain.js';

export type Role = 'serve' | 'api' | 'worker' | 'scheduler' | 'connector';

export interface Running {
  api: Api | null;
  url: string | null;
  stop(): Promise<void>;
}

function tasksFor(runtime: Runtime, role: Role): BackgroundTask[] {
  const all = runtime.domains.flatMap((d) => d.background ?? []);
  return role === 'serve' ? all : all.filter((t) => (t.roles as readonly string[]).includes(role));
}

export async function run(runtime: Runtime, role: Role): Promise<Running> {
  const { core } = runtime;
  const stops: Array<() => Promise<void>> = [];
  let api: Api | null = null;
  let url: string | null = null;
  const tasks = tasksFor(runtime, role);
  if (role !== 'serve' && role !== 'api' && tasks.length === 0) {
    await runtime.close();
    throw new Error(`keel ${role}: this version has no ${role} tasks; nothing to run`);
  }
  try {
    if (role === 'serve' || role === 'api') {
      // `keel api` leaves the scheduler's routes to `keel scheduler`; `keel serve` mounts them.
      const served = role === 'api' ? runtime.domains.filter((d) => d.name !== 'scheduler') : runtime.domains;
      api = await buildApi(core, served);
      const instance = api;
      await api.listen({ host: core.settings.host, port: core.settings.port });
      const addr = api.server.address();
      const port = typeof addr === 'object' && addr ? addr.port : core.settings.port;
      url = `http://${core.settings.host.includes(':') ? `[${core.settings.host}]` : core.settings.host}:${port}`;
      stops.push(() => instance.close());
    }
    if (role === 'scheduler') {
      // The scheduler's own API (/scheduler/...) on its own port; it reaches Keel only over HTTP.
      if (!core.settings.schedulerService.apiUrl) {
        throw new Error('keel scheduler: set KEEL_SCHEDULER_API_URL to the address of the Keel API');
      }
      api = await buildApi(
        core,
        runtime.domains.filter((d) => d.name === 'scheduler'),
      );
      const instance = api;
      await api.listen({ host: core.settings.host, port: core.settings.schedulerService.port });
      const addr = api.server.address();
      const port = typeof addr === 'object' && addr ? addr.port : core.settings.schedulerService.port;
      url = `http://${core.settings.host.includes(':') ? `[${core.settings.host}]` : core.settings.host}:${port}`;
      stops.push(() => instance.close());
    }
    for (const task of tasks) {
      const handle = await task.start(core, { role });
      core.log.info({ task: task.name }, 'background task started');
      stops.push(() => handle.stop());
    }
  } catch (err) {
    for (const s of stops.reverse()) await s().catch(() => {});
    throw err;
  }
  let stopped = false;
  return {
    api,
    url,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      for (const s of stops.reverse()) await s().catch((err) => core.log.error({ err }, 'stop failed'));
      await runtime.close();
    },
  };
}

/**
 * Stops the roles on the first SIGINT/SIGTERM; a second signal exits at once. Installed before the
 * roles have started (the API answers before every background task is up), so a signal that arrives
 * during start-up still shuts down cleanly once start-up is over.
 *
 * From then on this is the only handler of those signals. The embedded PostgreSQL's library installs
 * one of its own (async-exit-hook) that stops every embedded server and then exits with 128+signal as
 * soon as that is done: beside this one it raced the orderly stop (which closes the embedded
 * server last), cut it short under load and made `keel serve` exit with 143 instead of 0. Before
 * this handler is installed (while booting) that library's handler still stops its server.
 */
export function stopOnSignals(starting: Promise<Running>, log: (msg: string) => void): void {
  let signalled = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (signalled) process.exit(130);
    signalled = true;
    log(`${signal}: shutting down`);
    starting
      .then((running) => running.stop())
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.removeAllListeners(signal);
    process.on(signal, onSignal);
  }
}
