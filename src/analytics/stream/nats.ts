// The `nats` stream adapter: NATS JetStream. A SPEC stream is a JetStream stream (file storage); a
// topic is the subject `<stream>.<topic>` (partition 0 is that single ordered subject); a consumer
// group is a durable pull consumer named after the target table, whose ack floor is the server-side
// offset. Facts this relies on (NATS 2.9, client 3.4) are in docs/analytics.md.
import {
  connect,
  createInbox,
  headers as natsHeaders,
  NoRespondersError,
  RequestError,
  TimeoutError,
  type Msg,
  type NatsConnection,
} from '@nats-io/transport-node';
import {
  AckPolicy,
  DeliverPolicy,
  DiscardPolicy,
  JetStreamApiCodes,
  JetStreamApiError,
  PubHeaders,
  RetentionPolicy,
  StorageType,
  jetstream,
  jetstreamManager,
  type JetStreamClient,
  type JetStreamManager,
  type PubAck,
  type StreamConfig,
} from '@nats-io/jetstream';
import { natsEndpoints, parseNatsUrls } from '../../config/nats-urls.js';
import {
  DUPLICATE_WINDOW_MS,
  MAX_MESSAGE_BYTES,
  MessageTooLarge,
  PublishError,
  messageBytes,
  STREAM_MAX_AGE_MS,
  StreamUnavailableError,
  type ConsumerGroup,
  type DeliveredMessage,
  type OutgoingMessage,
  type StreamPort,
  type StreamState,
} from './port.js';

export interface NatsOptions {
  /**
   * `nats://user:password@host:port`, or several such URLs separated by commas (the nodes of a cluster:
   * the client connects to any live one). The credentials are passed as options (the client ignores
   * them in URLs); see src/config/nats-urls.ts.
   */
  url: string;
  /**
   * Replicas of every stream this process creates (KEEL_STREAM_REPLICAS; default 1). A stream found
   * with fewer is raised to this many in place; one found with more is kept, with a warning.
   */
  replicas?: number;
  /**
   * Streams and their topics to create and check before natsStream resolves (start-up): a stream the
   * server cannot hold with `replicas` replicas then fails start-up instead of the first publish.
   */
  streams?: Readonly<Record<string, readonly string[]>>;
  /** Where the replica check reports what it found and did. */
  log?: StreamLog;
  connectTimeoutMs: number;
  connectAttempts: number;
  /** Prepended to every stream name (one NATS account shared by several installs, or by tests). */
  prefix?: string;
  /** How long a publish waits for its acknowledgement. */
  publishTimeoutMs?: number;
  /** Publishes in flight at once. */
  window?: number;
  /** How long the stream keeps messages (STREAM_MAX_AGE_MS), set when the stream is created. */
  maxAgeMs?: number;
}

/** What the adapter logs: a pino logger fits. */
export interface StreamLog {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/** Start-up failed because the servers cannot hold streams of KEEL_STREAM_REPLICAS replicas. */
export class StreamReplicasError extends StreamUnavailableError {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StreamReplicasError';
  }
}

/**
 * JetStream API errors that answer a stream's replica count: 10074 "replicas > 1 not supported in
 * non-clustered mode" (a single server), 10052 "maximum replicas is 5", 10005 "no suitable peers for
 * placement" (fewer nodes than replicas), 10023 "insufficient resources", 10061 "replicas
 * configuration can not be updated".
 */
const REPLICA_ERRORS = new Set([10074, 10052, 10005, 10023, 10061]);

const NS = 1_000_000;
const encoder = new TextEncoder();
/**
 * The shortest wait sent as a pull request that waits on the server. A NATS 2.9 server that picks an
 * expired request for a redelivered message (one handed back, or past its ack wait) drops the message
 * from its redelivery queue, and the message waits out another ack wait (fixed in 2.10.15). A request
 * that expires milliseconds after it was queued is exactly such a request on a busy server; shorter
 * waits poll instead (SHORT_POLL_MS) with requests the server answers at once.
 */
const MIN_WAITING_REQUEST_MS = 1000;
const SHORT_POLL_MS = 20;
/** How long after its expiry a pull request is taken to be over when its status has not arrived. */
const REQUEST_MARGIN_MS = 2000;
/** How long a pull request whose end never arrived keeps its subscription. */
const STRAY_REQUEST_MS = 60_000;

/** Where the server (or the servers of a cluster) are, for messages and /ready: never the credentials. */
export function natsEndpoint(url: string): string {
  return natsEndpoints(parseNatsUrls(url));
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Between attempts at start-up: 250 ms doubling, at most 5 s (KEEL_STREAM_CONNECT_ATTEMPTS). */
const startBackoffMs = (attempt: number) => Math.min(250 * 2 ** (attempt - 1), 5000);

async function connectWithRetry(options: NatsOptions): Promise<NatsConnection> {
  const { servers, user, pass } = parseNatsUrls(options.url);
  let lastError: unknown;
  for (let attempt = 1; attempt <= options.connectAttempts; attempt++) {
    try {
      // With several servers the client tries each of them (in random order, spreading processes over
      // the nodes) before an attempt fails, and later reconnects to any node of the cluster, including
      // nodes it learns of from the servers themselves. A JetStream request goes to whichever node the
      // client is on; the cluster forwards it to the stream's leader, wherever that is now.
      const nc = await connect({
        servers,
        ...(user ? { user } : {}),
        ...(pass ? { pass } : {}),
        timeout: options.connectTimeoutMs,
        // The default gives up after about 20 s; a stream outage must never close the connection for good.
        maxReconnectAttempts: -1,
        reconnectTimeWait: 500,
        name: 'keel',
      });
      try {
        await (await jetstreamManager(nc)).getAccountInfo();
      } catch (err) {
        await nc.close();
        throw err;
      }
      return nc;
    } catch (err) {
      lastError = err;
      if (attempt < options.connectAttempts) await sleep(startBackoffMs(attempt));
    }
  }
  const reason = lastError instanceof Error ? lastError.message : String(lastError);
  throw new StreamUnavailableError(
    `KEEL_STREAM_URL: ${servers.length > 1 ? 'none of the NATS JetStream servers' : 'the NATS JetStream server at'} ` +
      `${natsEndpoints({ servers })} ${servers.length > 1 ? 'can' : 'cannot'} be reached ` +
      `after ${options.connectAttempts} attempt(s) of ${options.connectTimeoutMs} ms (${reason})`,
    { cause: lastError },
  );
}

/**
 * A JetStream request that got no answer (it timed out, or no server took it): the server is busy,
 * restarting or electing a leader, and the same request may succeed a moment later.
 */
export const isUnanswered = (err: unknown): boolean =>
  err instanceof TimeoutError ||
  err instanceof NoRespondersError ||
  (err instanceof RequestError && (err.isNoResponders() || isUnanswered(err.cause)));

const isNotFound = (err: unknown) =>
  err instanceof JetStreamApiError &&
  (err.code === JetStreamApiCodes.StreamNotFound || err.code === JetStreamApiCodes.ConsumerNotFound);

export async function natsStream(options: NatsOptions): Promise<StreamPort> {
  const nc = await connectWithRetry(options);
  const jsm: JetStreamManager = await jetstreamManager(nc);
  const js: JetStreamClient = jetstream(nc, { timeout: options.publishTimeoutMs ?? 5000 });
  const prefix = options.prefix ?? '';
  const window = options.window ?? 512;
  const maxAgeMs = options.maxAgeMs ?? STREAM_MAX_AGE_MS;
  const name = (stream: string) => `${prefix}${stream}`;
  const subject = (stream: string, topic: string) => `${name(stream)}.${topic}`;

  let state: StreamState = { adapter: 'nats', state: 'up' };
  void (async () => {
    for await (const s of nc.status()) {
      if (s.type === 'disconnect' || s.type === 'reconnecting' || s.type === 'staleConnection') {
        // /ready is public: it tells the reason, not the server's address.
        state = { adapter: 'nats', state: 'down', detail: 'the NATS server does not answer' };
      } else if (s.type === 'reconnect') {
        state = { adapter: 'nats', state: 'up' };
      }
    }
  })().catch(() => {});

  const replicas = options.replicas ?? 1;
  const log = options.log;

  /** A refusal that answers the replica count, in words naming the setting; anything else unchanged. */
  function replicasError(err: unknown, stream: string): unknown {
    if (!(err instanceof JetStreamApiError) || !REPLICA_ERRORS.has(err.code) || replicas === 1) return err;
    return new StreamReplicasError(
      `KEEL_STREAM_REPLICAS: the NATS server refused stream ${name(stream)} with ${replicas} replicas ` +
        `("${err.message}"): a stream of ${replicas} replicas needs a JetStream cluster with at least ` +
        `${replicas} live nodes; set KEEL_STREAM_REPLICAS to at most the cluster's size (1 for a single server)`,
      { cause: err },
    );
  }

  // Checked once per process per stream: a stream with fewer replicas than the setting is raised in
  // place (JetStream copies it to the new peers; its consumers, created with num_replicas 0, follow
  // the stream's count), one with more is kept (docs/analytics.md, "Replicas").
  const replicasChecked = new Set<string>();
  async function checkReplicas(stream: string, config: StreamConfig): Promise<void> {
    if (replicasChecked.has(stream)) return;
    const found = config.num_replicas || 1;
    if (found < replicas) {
      try {
        await jsm.streams.update(name(stream), { ...config, num_replicas: replicas });
      } catch (err) {
        throw replicasError(err, stream);
      }
      log?.warn(
        { stream: name(stream), replicas: found, setting: replicas },
        `stream ${name(stream)} had ${found} replica(s), KEEL_STREAM_REPLICAS is ${replicas}: raised it to ${replicas} in place`,
      );
    } else if (found > replicas) {
      log?.warn(
        { stream: name(stream), replicas: found, setting: replicas },
        `stream ${name(stream)} has ${found} replicas, KEEL_STREAM_REPLICAS is ${replicas}: kept at ${found} ` +
          "(Keel never lowers a stream's replicas; set KEEL_STREAM_REPLICAS to match, or lower the stream " +
          'with the nats CLI on purpose)',
      );
    }
    replicasChecked.add(stream);
  }

  // Checked once per process (SPEC 6.3.5): a promise per stream/topic, dropped again if it failed.
  const ensured = new Map<string, Promise<void>>();

  /** Creates the stream with `subjs` (none: a placeholder subject), or adds those it lacks. */
  async function ensureStreamSubjects(stream: string, subjs: readonly string[]): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      let config: StreamConfig | null = null;
      try {
        config = (await jsm.streams.info(name(stream))).config;
      } catch (err) {
        if (!isNotFound(err)) throw err;
      }
      if (config) await checkReplicas(stream, config);
      const missing = subjs.filter((s) => !(config?.subjects ?? []).includes(s));
      if (config && missing.length === 0) return;
      try {
        if (config === null) {
          await jsm.streams.add({
            name: name(stream),
            subjects: subjs.length > 0 ? [...subjs] : [`${name(stream)}._`],
            storage: StorageType.File,
            retention: RetentionPolicy.Limits,
            discard: DiscardPolicy.Old,
            max_age: maxAgeMs * NS,
            // The server refuses a duplicate window longer than the stream keeps its messages.
            duplicate_window: Math.min(DUPLICATE_WINDOW_MS, maxAgeMs) * NS,
            num_replicas: replicas,
          });
          replicasChecked.add(stream);
        } else {
          const info = await jsm.streams.info(name(stream));
          await jsm.streams.update(name(stream), {
            ...info.config,
            subjects: [...(info.config.subjects ?? []), ...missing],
          });
        }
      } catch (err) {
        const named = replicasError(err, stream);
        if (named !== err) throw named;
        // Another process created or changed the stream meanwhile: look again.
        if (attempt >= 5) throw err;
      }
    }
  }

  function ensure(stream: string, topic: string | null): Promise<void> {
    const key = `${stream}\u0000${topic ?? ''}`;
    let p = ensured.get(key);
    if (!p) {
      p = ensureStreamSubjects(stream, topic === null ? [] : [subject(stream, topic)]);
      p.catch(() => ensured.delete(key));
      ensured.set(key, p);
    }
    return p;
  }

  if (replicas > 1 && !nc.info?.cluster) {
    // A single server refuses to create a stream of more than one replica (10074 "replicas > 1 not
    // supported in non-clustered mode"), but takes an update of an existing stream to 3 and reports 3
    // replicas while it keeps one copy (NATS 2.9.10, measured): so the server itself is checked first.
    await nc.close().catch(() => {});
    throw new StreamReplicasError(
      `KEEL_STREAM_REPLICAS: is ${replicas}, but the NATS server at ${natsEndpoint(options.url)} is not ` +
        `part of a cluster, and a single JetStream server keeps one copy of a stream (it refuses to create ` +
        `one of more replicas: "replicas > 1 not supported in non-clustered mode"); connect to a cluster ` +
        `of at least ${replicas} nodes, or set KEEL_STREAM_REPLICAS=1`,
    );
  }

  if (options.streams) {
    // Start-up: every stream with all its topics at once, so a replica count the servers cannot hold
    // fails here, naming the setting, rather than at the first row published.
    // A request that got no answer is asked again, with the connection's attempts and backoff: a
    // server that answered the connection's own check but is slow to answer a stream's (a loaded
    // machine, a cluster electing a leader) had stopped a connector at start (streams.info timing out).
    try {
      for (const [stream, topics] of Object.entries(options.streams)) {
        for (let attempt = 1; ; attempt++) {
          try {
            await ensureStreamSubjects(
              stream,
              topics.map((t) => subject(stream, t)),
            );
            break;
          } catch (err) {
            if (!isUnanswered(err) || attempt >= options.connectAttempts) throw err;
            log?.warn(
              { stream: name(stream), attempt, err: err instanceof Error ? err.message : String(err) },
              `stream ${name(stream)}: the NATS server did not answer (attempt ${attempt} of ${options.connectAttempts}); asking again`,
            );
            await sleep(startBackoffMs(attempt));
          }
        }
        ensured.set(`${stream}\u0000`, Promise.resolve());
        for (const t of topics) ensured.set(`${stream}\u0000${t}`, Promise.resolve());
      }
    } catch (err) {
      await nc.close().catch(() => {});
      throw err;
    }
  }

  return {
    adapter: 'nats',
    ensureTopic: (stream, topic) => ensure(stream, topic),

    async publish(stream, topic, _partition, messages) {
      if (messages.length === 0) return;
      try {
        await ensure(stream, topic);
      } catch (err) {
        throw new PublishError(`creating ${subject(stream, topic)} failed: ${errorText(err)}`, 0, {
          cause: err,
        });
      }
      const subj = subject(stream, topic);
      const limit = nc.info?.max_payload ?? MAX_MESSAGE_BYTES;
      // Each message but the first expects its predecessor to be the stream's last message, so the
      // server refuses everything after a message that was lost: what is stored is always a prefix.
      // The id headers are set here rather than through the client's msgID and expect options, so that
      // the size checked against max_payload is the size sent.
      const wire = (m: OutgoingMessage, i: number) => {
        const all: Record<string, string> = { ...m.headers, [PubHeaders.MsgIdHdr]: m.id };
        if (i > 0) all[PubHeaders.ExpectedLastMsgIdHdr] = messages[i - 1]!.id;
        const headers = natsHeaders();
        for (const [k, v] of Object.entries(all)) headers.set(k, v);
        const data = encoder.encode(m.payload);
        return { data, headers, bytes: messageBytes(data.length, all) };
      };
      const inFlight: Array<Promise<PubAck>> = [];
      let stored = 0;
      let tooLarge: MessageTooLarge | undefined;
      try {
        for (let i = 0; i < messages.length; i++) {
          const { data, headers, bytes } = wire(messages[i]!, i);
          if (bytes > limit) {
            // The client refuses it, now and on every retry: nothing after it is sent either.
            tooLarge = new MessageTooLarge(messages[i]!.id, bytes, limit, subj, i);
            break;
          }
          const p = js.publish(subj, data, { headers });
          p.catch(() => {}); // awaited below, in order
          inFlight.push(p);
          if (inFlight.length >= window) {
            await inFlight.shift();
            stored++;
          }
        }
        while (inFlight.length > 0) {
          await inFlight.shift();
          stored++;
        }
      } catch (err) {
        await Promise.allSettled(inFlight);
        throw new PublishError(`publishing to ${subj} failed: ${errorText(err)}`, stored, { cause: err });
      }
      if (tooLarge) throw tooLarge;
    },

    async consumerGroup(stream, group, groupOptions = {}) {
      await ensure(stream, null);
      try {
        await jsm.consumers.info(name(stream), group);
      } catch (err) {
        if (!isNotFound(err)) throw err;
        // On 2.9 add() silently updates an existing consumer, so it is only called when none exists.
        await jsm.consumers.add(name(stream), {
          durable_name: group,
          ack_policy: AckPolicy.Explicit,
          deliver_policy: DeliverPolicy.All,
          filter_subject: `${name(stream)}.>`,
          ack_wait: (groupOptions.ackWaitMs ?? 30_000) * NS,
          max_ack_pending: 10_000,
        });
      }
      // Raw pull requests with no_wait + expires: the client's fetch() waits its full expiry (at least
      // 1 s) for a partial batch, and consume() keeps pull requests open on the server, so messages
      // handed back (nak) on close would go to a request nobody reads until their ack wait ran out.
      const next = `$JS.API.CONSUMER.MSG.NEXT.${name(stream)}.${group}`;
      const delivered = new Map<number, Msg>();
      // What a pull request delivered after its fetch had answered (a pull request cannot be
      // withdrawn): the next fetch returns it at once, with no round trip to the server.
      const late: Msg[] = [];
      let closed = false;
      const topicOf = (s: string) => s.slice(name(stream).length + 1);
      const deliver = (m: Msg): DeliveredMessage => {
        const offset = streamSequence(m.reply ?? '');
        delivered.set(offset, m);
        const hdrs: Record<string, string> = {};
        if (m.headers) {
          for (const k of m.headers.keys()) if (!k.startsWith('Nats-')) hdrs[k] = m.headers.get(k);
        }
        return {
          offset,
          topic: topicOf(m.subject),
          id: m.headers?.get('Nats-Msg-Id') ?? '',
          payload: m.string(),
          headers: hdrs,
        };
      };

      /**
       * One pull request: `no_wait`, with `expires` when `expiresMs` > 0. Without it the server answers
       * at once when it has nothing (404) and never keeps the request; with it the request waits for
       * messages until it expires. The caller's answer comes when the server ends the request, or, if
       * its status is late (a stall of this process), shortly after the expiry; the subscription stays
       * until the server ends the request, and what it delivers after the answer is kept in `late`.
       */
      function pull(max: number, expiresMs: number, signal?: AbortSignal) {
        const got: Msg[] = [];
        let answered = false;
        let finish!: () => void;
        const done = new Promise<void>((resolve) => (finish = resolve));
        const sub = nc.subscribe(createInbox(), {
          callback: (err, m) => {
            if (err || (m.data.length === 0 && m.headers && m.headers.code >= 100)) {
              return end(); // 404/408/409: the request is over
            }
            if (!answered) {
              got.push(m);
              if (got.length >= max) end(); // the server sends no more than the batch
            } else if (!closed) {
              late.push(m);
            } else {
              m.respond('-NAK'); // the request outlived its group: another member takes it
            }
          },
        });
        const answerBy = setTimeout(finish, expiresMs + REQUEST_MARGIN_MS);
        // A request whose end never reached this process is dropped once nothing could still come.
        const stray = setTimeout(() => end(), STRAY_REQUEST_MS);
        answerBy.unref();
        stray.unref();
        const end = () => {
          sub.unsubscribe();
          clearTimeout(answerBy);
          clearTimeout(stray);
          finish();
        };
        signal?.addEventListener('abort', finish, { once: true });
        nc.publish(
          next,
          JSON.stringify({
            batch: max,
            no_wait: true,
            ...(expiresMs > 0 ? { expires: expiresMs * NS } : {}),
          }),
          { reply: sub.getSubject() },
        );
        return done.then(() => {
          answered = true;
          signal?.removeEventListener('abort', finish);
          clearTimeout(answerBy);
          return got;
        });
      }

      const consumer: ConsumerGroup = {
        async fetch(max, waitMs, signal) {
          if (signal?.aborted) return [];
          // A wait of a second or more is one request that waits on the server. A shorter one polls
          // with requests the server never keeps: one that expired milliseconds after it was queued is
          // what makes a NATS 2.9 server drop a redelivered message (MIN_WAITING_REQUEST_MS).
          const expiresMs = waitMs >= MIN_WAITING_REQUEST_MS ? waitMs : 0;
          const until = Date.now() + waitMs;
          for (;;) {
            if (late.length > 0) return late.splice(0, max).map(deliver);
            const got = await pull(max, expiresMs, signal);
            const left = until - Date.now();
            if (got.length > 0 || expiresMs > 0 || left <= 0 || signal?.aborted) return got.map(deliver);
            await new Promise((r) => setTimeout(r, Math.min(SHORT_POLL_MS, left)));
          }
        },
        async commit(offset) {
          for (const [seq, m] of delivered) {
            if (seq <= offset) {
              m.respond('+ACK');
              delivered.delete(seq);
            }
          }
          // An ack is a fire-and-forget message: flush, or a close right after loses it.
          await nc.flush();
        },
        async position() {
          const [s, c] = await Promise.all([
            jsm.streams.info(name(stream)),
            jsm.consumers.info(name(stream), group),
          ]);
          return { head: s.state.last_seq, committed: c.ack_floor.stream_seq };
        },
        async close() {
          closed = true;
          for (const m of [...delivered.values(), ...late.splice(0)]) m.respond('-NAK');
          delivered.clear();
          await nc.flush().catch(() => {});
        },
      };
      return consumer;
    },

    state: () => state,

    async close() {
      await nc.drain().catch(() => nc.close());
    },
  };
}

/** The stream sequence in a JetStream ack subject (with or without the domain and account tokens). */
function streamSequence(reply: string): number {
  const t = reply.split('.');
  return Number(t.length >= 12 ? t[7] : t[5]);
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
