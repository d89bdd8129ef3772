// The entry of a worker thread whose code is TypeScript (Keel run from its sources: tsx, vitest). A
// worker thread does not inherit the main thread's module hooks, so it registers tsx's own, then loads
// its module (workerData.entry). The compiled build (dist) starts its workers from .js files directly.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
