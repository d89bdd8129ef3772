// A worker thread of the document pool (document-pool.ts): it parses, checks, validates and encodes
// posted plugin documents (entities, edge bodies) off the event loop. Each plugin revision's schemas are compiled here once,
// from the manifest the pool sends with the first document of that revision, and kept by revision.
import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import { compileManifest, type CompiledPlugin, type Manifest } from './manifest.js';
import { prepare, type WorkerReply, type WorkerRequest } from './document-pool.js';

/**
 * The thread's nice value: when the cores are contended, the event loop (nice 0) runs first and the
 * documents take what is left. On Linux a nice value is a thread's own; elsewhere this may lower the
 * whole process, or fail and be skipped.
 */
const NICE = 10;
try {
  if (process.platform === 'linux') os.setPriority(NICE);
} catch {
  // not allowed here: the thread keeps the process's priority
}

/** Compiled revisions kept; the oldest goes first. */
const KEPT_REVISIONS = 32;
const compiled = new Map<string, CompiledPlugin>();

function pluginOf(key: string, manifest: Manifest | undefined): CompiledPlugin | undefined {
  let plugin = compiled.get(key);
  if (plugin) {
    compiled.delete(key); // to the back of the line
  } else {
    if (!manifest) return undefined;
    plugin = compileManifest(manifest);
    if (compiled.size >= KEPT_REVISIONS) compiled.delete(compiled.keys().next().value!);
  }
  compiled.set(key, plugin);
  return plugin;
}

function answer(request: WorkerRequest): WorkerReply {
  const { id, kind, bytes, target, base } = request;
  if (!target) return { id, outcome: prepare(kind, bytes, undefined, base) };
  const plugin = pluginOf(target.key, target.manifest);
  if (!plugin) return { id, needManifest: true, bytes };
  const label = (kind === 'edge' ? plugin.edges : plugin.vertices).get(target.label);
  if (!label) throw new Error(`no label ${target.label} in ${target.key}`);
  return { id, outcome: prepare(kind, bytes, label.validate ?? null, base) };
}

parentPort!.on('message', (request: WorkerRequest) => {
  let reply: WorkerReply;
  try {
    reply = answer(request);
  } catch (err) {
    reply = { id: request.id, failed: err instanceof Error ? err.message : String(err) };
  }
  // Bytes handed back (the manifest asked for) go without a copy.
  parentPort!.postMessage(reply, 'bytes' in reply ? [reply.bytes.buffer as ArrayBuffer] : []);
});
