// Starting a worker thread from a module next to the caller, whether Keel runs from its TypeScript
// sources (tsx, vitest: the module is a .ts file, loaded through src/lib/ts-worker.mjs) or from the
// compiled build (dist: a .js file, loaded directly).
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * A worker running the module `name` (without extension) that sits beside `callerUrl` (the caller's
 * import.meta.url). `workerData` reaches the module as its own; `entry` is taken.
 */
export function startWorker(
  callerUrl: string,
  name: string,
  options: Omit<WorkerOptions, 'eval' | 'workerData'> & { workerData?: Record<string, unknown> } = {},
): Worker {
  const fromSources = callerUrl.endsWith('.ts');
  const entry = new URL(`./${name}.${fromSources ? 'ts' : 'js'}`, callerUrl);
  if (!fromSources) return new Worker(entry, options);
  return new Worker(new URL('./ts-worker.mjs', import.meta.url), {
    ...options,
    workerData: { ...options.workerData, entry: entry.href },
  });
}
