// Worker threads for posted plugin documents (docs/input-hardening.md, "Large documents leave the
// event loop"): entity documents (POST, PATCH) and edge bodies with their properties. Parsing,
// validating and encoding a 1 MiB document costs the CPU tens to hundreds of milliseconds; on the event
// loop that is a pause of every other request (/health, the scheduler, the relay). A document of `inlineBelow` bytes or more goes to a worker (document-worker.ts) with its
// label's compiled-schema key, and comes back as its stored form and answer as JSON text, or its
// errors; smaller ones are done inline, where a worker's round trip would cost more than the work.
// Documents wait for a free worker in a bounded queue; past it a post is refused with 503 and
// Retry-After.
import type { Worker } from 'node:worker_threads';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { AppError } from '../http/errors.js';
import { startWorker } from '../lib/worker-thread.js';
import type { BodyCheck } from '../http/raw-json.js';
import { prepareDocument, problemError, type DocumentOutcome } from './document-job.js';
import { prepareEdgeBody } from './edge-body.js';
import type { Manifest } from './manifest.js';

export interface DocumentPoolOptions {
  /** Worker threads (started when first needed); 0: every document is done inline. */
  workers: number;
  /** Documents that may wait for a worker; one more is refused with 503. */
  queue: number;
  /** Bodies shorter than this (bytes) are done inline. */
  inlineBelow: number;
}

/** The label a document is validated against: its plugin revision's key and what compiles it. */
export interface DocumentTarget {
  /** `<plugin id>@<revision>`: one compiled manifest per key, in each worker. */
  key: string;
  label: string;
  manifest: Manifest;
  /**
   * The label's validator compiled in this thread (for documents done inline); none for an edge label
   * that declares no properties.
   */
  validate: ValidateFunction | null;
}

/** What a body is: an entity's document (or a merge patch of it), or an edge write's body (edge-body.ts). */
export type DocumentKind = 'entity' | 'edge';

/** The work of one body, the same inline and on a worker (`validate` as prepareEdgeBody takes it). */
export function prepare(
  kind: DocumentKind,
  bytes: Uint8Array,
  validate: ValidateFunction | null | undefined,
  base: string | undefined,
): DocumentOutcome {
  return kind === 'edge'
    ? prepareEdgeBody(bytes, validate)
    : prepareDocument(bytes, validate ?? undefined, base);
}

/** A message to a worker: a body, and the label to validate it against (none: parse and check only). */
export interface WorkerRequest {
  id: number;
  kind: DocumentKind;
  bytes: Uint8Array;
  target?: { key: string; label: string; manifest?: Manifest | undefined } | undefined;
  /** The stored document's text the body patches (prepareDocument's `base`). */
  base?: string | undefined;
}

/** A worker's answer: the outcome, or a request for the manifest of a key it does not hold. */
export type WorkerReply =
  | { id: number; outcome: DocumentOutcome }
  | { id: number; needManifest: true; bytes: Uint8Array }
  | { id: number; failed: string };

interface Job {
  id: number;
  kind: DocumentKind;
  bytes: Uint8Array;
  target: DocumentTarget | undefined;
  base: string | undefined;
  resolve(outcome: DocumentOutcome): void;
  reject(err: Error): void;
}

interface Slot {
  worker: Worker;
  job: Job | undefined;
  /** Keys whose manifest this worker was sent (it may have dropped one since: it then asks). */
  keys: Set<string>;
}

/** Seconds a client refused for a full queue is asked to wait. */
const RETRY_AFTER_SECONDS = 1;

export class DocumentPool {
  private readonly slots: Slot[] = [];
  private readonly waiting: Job[] = [];
  private nextId = 1;
  private closed = false;

  constructor(private readonly options: DocumentPoolOptions) {}

  /**
   * Parses, checks and (with a target) validates and encodes a posted body: inline when it is small
   * or there are no workers, else on a worker. 503 when the queue is full. With `base` (a stored
   * document's text), the body is a JSON Merge Patch of it (prepareDocument); the size that decides is
   * then the patch's and the stored document's together: a small patch of a large document parses and
   * validates the whole document. `kind` 'edge': the body of an edge write (prepareEdgeBody).
   */
  run(
    bytes: Uint8Array,
    target?: DocumentTarget,
    base?: string,
    kind: DocumentKind = 'entity',
  ): Promise<DocumentOutcome> {
    const size = bytes.byteLength + (base?.length ?? 0);
    if (size < this.options.inlineBelow || this.options.workers === 0) {
      const validate = target ? target.validate : undefined;
      return Promise.resolve(prepare(kind, bytes, validate, base));
    }
    if (this.closed) return Promise.reject(new Error('the document pool is closed'));
    if (this.waiting.length >= this.options.queue) {
      const busy = new AppError(
        503,
        'documents_busy',
        'too many large documents are being validated; retry shortly',
      );
      busy.retryAfter = RETRY_AFTER_SECONDS;
      return Promise.reject(busy);
    }
    return new Promise((resolve, reject) => {
      // A copy of the body's bytes alone (a Buffer may be a view of a larger pool), handed over whole.
      const bytesCopy = new Uint8Array(bytes);
      this.waiting.push({ id: this.nextId++, kind, bytes: bytesCopy, target, base, resolve, reject });
      this.dispatch();
    });
  }

  /** Examines a body without a label (RawJsonBody.precedingError): its parse or shape error. */
  readonly bodyCheck: BodyCheck = (bytes) => this.examine(bytes, 'entity');

  /** bodyCheck for an edge write's body: its shape is the route's body schema (edge-body.ts). */
  readonly edgeBodyCheck: BodyCheck = (bytes) => this.examine(bytes, 'edge');

  private async examine(bytes: Uint8Array, kind: DocumentKind): ReturnType<BodyCheck> {
    const outcome = await this.run(bytes, undefined, undefined, kind);
    if (outcome.ok) return undefined;
    return { error: problemError(outcome.problem), stage: outcome.stage === 'parse' ? 'parse' : 'shape' };
  }

  /** Stops the workers; documents still waiting are refused. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.waiting.splice(0)) job.reject(new Error('the document pool is closed'));
    await Promise.all(this.slots.splice(0).map((s) => s.worker.terminate()));
  }

  private dispatch(): void {
    while (this.waiting.length > 0) {
      const slot = this.slots.find((s) => s.job === undefined) ?? this.startSlot();
      if (!slot) return;
      const job = this.waiting.shift()!;
      slot.job = job;
      slot.worker.ref();
      this.send(slot, job, false);
    }
  }

  private send(slot: Slot, job: Job, withManifest: boolean): void {
    const t = job.target;
    const send = withManifest || (t !== undefined && !slot.keys.has(t.key));
    if (t && send) slot.keys.add(t.key);
    const request: WorkerRequest = {
      id: job.id,
      kind: job.kind,
      bytes: job.bytes,
      target: t && { key: t.key, label: t.label, manifest: send ? t.manifest : undefined },
      base: job.base,
    };
    // Handed over, not copied: a worker that asks for the manifest hands them back.
    slot.worker.postMessage(request, [job.bytes.buffer as ArrayBuffer]);
  }

  private startSlot(): Slot | undefined {
    if (this.closed || this.slots.length >= this.options.workers) return undefined;
    const worker = startWorker(import.meta.url, 'document-worker');
    const slot: Slot = { worker, job: undefined, keys: new Set() };
    worker.on('message', (reply: WorkerReply) => this.replied(slot, reply));
    const lost = (err: Error) => {
      const i = this.slots.indexOf(slot);
      if (i < 0) return;
      this.slots.splice(i, 1);
      slot.job?.reject(err);
      slot.job = undefined;
      this.dispatch();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`a document worker stopped (exit code ${code})`)));
    this.slots.push(slot);
    return slot;
  }

  private replied(slot: Slot, reply: WorkerReply): void {
    const job = slot.job;
    if (!job || job.id !== reply.id) return;
    if ('needManifest' in reply) {
      job.bytes = reply.bytes;
      this.send(slot, job, true);
      return;
    }
    slot.job = undefined;
    slot.worker.unref();
    if ('failed' in reply) job.reject(new Error(`document worker: ${reply.failed}`));
    else job.resolve(reply.outcome);
    this.dispatch();
  }
}
