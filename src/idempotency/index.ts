// Idempotency-Key on every authenticated POST, PUT, PATCH and DELETE (docs/api-conventions.md,
// "Idempotency-Key"): the first answer to a key is stored, per principal, for 24 hours, and a repeat of
// the same request gets it back without being applied again.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestAbortHookHandler,
  onResponseHookHandler,
  onSendHookHandler,
  preHandlerHookHandler,
} from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { SecretBox } from '../crypto/secretbox.js';
import {
  endFirstStatement,
  withFirstStatement,
  type FirstStatement,
  type Queryable,
  type Sql,
} from '../db/sql.js';
import { fingerprint, headerProblem, IDEMPOTENCY_HEADER, IDEMPOTENT_METHODS, parseKey } from './key.js';
import {
  answerStore,
  CLAIM_IN_TX,
  claimKey,
  claimKeyInTx,
  deleteExpired,
  findKey,
  insertAnswer,
  releaseKey,
  type StoredKey,
} from './store.js';

export { idempotencyMigrations } from './store.js';

/** How long a key and its first answer are kept. */
export const KEY_TTL_MS = 24 * 3_600_000;
/** The answer headers kept with the body and sent again on a replay. */
const KEPT_HEADERS = ['content-type', 'location', 'content-location', 'etag', 'last-modified', 'link'];
/** Answers not kept: the request may be tried again and applied then (the server failed, or was busy). */
const notKept = (status: number) => status >= 500 || status === 429 || status === 408;
/** Every this many claimed keys, a process deletes up to PRUNE_LIMIT expired ones (bounded delete on write). */
const PRUNE_EVERY = 100;
const PRUNE_LIMIT = 1_000;

export interface IdempotencyDeps {
  sql: Sql;
  log: Pick<FastifyBaseLogger, 'error'>;
  settings: { http: { requestTimeoutMs: number }; auth: { encryptionKey: Buffer | undefined } };
}

/** One request under a key, from the hook that reads the header to the one that stores the answer. */
interface Held {
  principal: string;
  key: string;
  fingerprint: string;
  owner: string;
  slot: FirstStatement;
  /**
   * How the key is held: `tx` taken in a transaction still open, `applied` in one that committed, `lease`
   * taken on its own before a statement outside a transaction; `refused` held by another request.
   */
  taken?: 'tx' | 'applied' | 'lease' | 'refused';
  /** The first answer, to send again instead of this request's. */
  replay?: StoredKey;
}

/**
 * Registers the hooks on `app` (before the routes are added). `principalKey` names the caller: keys of
 * different principals never meet. Routes without an authenticated caller (sign-in, the scheduler's
 * own routes, which authenticate themselves) ignore the header.
 *
 * No statement of its own before the route: the key is taken by the route's first statement on `sql`
 * (src/db/sql.ts, FirstStatement), inside its transaction when that comes first, so that the key and
 * the change commit together, or on its own just before a statement outside a transaction.
 */
export function registerIdempotency(
  app: FastifyInstance<Server, IncomingMessage, ServerResponse, FastifyBaseLogger, TypeBoxTypeProvider>,
  { sql, log, settings }: IdempotencyDeps,
  principalKey: (kind: 'user' | 'service_account', name: string) => { namespace: string; key: string },
): void {
  // A stored answer may carry a secret (a new client credential's secret): sealed at rest when the
  // auth encryption key is set.
  const box = settings.auth.encryptionKey && new SecretBox(settings.auth.encryptionKey, 'idempotency');
  const seal = (text: string) => (box ? `sealed:${box.seal(text)}` : `plain:${text}`);
  const open = (text: string) => (text.startsWith('sealed:') ? box!.open(text.slice(7)) : text.slice(6));
  // A request taken on its own that died without an answer (its process stopped) frees its key after
  // this long; a change applied in a transaction whose answer was lost is told apart after as long.
  const leaseMs = settings.http.requestTimeoutMs + 30_000;
  const held = new WeakMap<FastifyRequest, Held>();
  const storeAnswer = answerStore(sql);
  let claims = 0;

  function prune(): void {
    if (++claims % PRUNE_EVERY !== 0) return;

    deleteExpired(sql, PRUNE_LIMIT).catch((err: unknown) =>
      log.error({ err }, 'deleting expired idempotency keys failed'),
    );
  }

  /** The key is held by another request: its first answer, or why not. */
  async function refuse(q: Queryable, h: Held): Promise<never> {
    h.taken = 'refused';
    const found = await findKey(q, h.principal, h.key);
    if (found && found.fingerprint !== h.fingerprint) {
      throw headerProblem(
        422,
        'idempotency_key_reused',
        'this key was first sent with another request (method, path or body); use a new key for a new request',
      );
    }
    if (found && found.status !== null) {
      h.replay = found;
      throw headerProblem(409, 'idempotency_key_in_use', 'answered already');
    }
    if (found && found.lease_until === null && Date.now() - found.created_at.getTime() > leaseMs) {
      throw headerProblem(
        409,
        'idempotency_answer_lost',
        'the first request with this key was applied, but the server stopped before it stored the answer; it is not applied again',
      );
    }
    const err = headerProblem(
      409,
      'idempotency_key_in_use',
      found
        ? 'the first request with this key is still being processed; retry later'
        : 'the key changed hands meanwhile; retry',
    );
    err.retryAfter = 1;
    throw err;
  }

  function hookOf(h: Held): NonNullable<FirstStatement['hook']> {
    return {
      prepared: CLAIM_IN_TX,
      begin: (literal) => claimKeyInTx({ ...h, ttlMs: KEY_TTL_MS }, literal),
      async inTx(tx, rows) {
        if (rows.length === 0) await refuse(tx, h);
        h.taken = 'tx';
      },
      async alone() {
        // Two rounds: a row found gone between the claim and the read (released by a 5xx) is claimed again.
        for (let round = 0; round < 2; round++) {
          h.owner = randomUUID();
          if (await claimKey(sql, { ...h, leaseMs, ttlMs: KEY_TTL_MS })) {
            h.taken = 'lease';
            return;
          }
          if (await findKey(sql, h.principal, h.key)) break;
        }
        await refuse(sql, h);
      },
      committed() {
        if (h.taken === 'tx') h.taken = 'applied';
      },
      rolledBack() {
        if (h.taken === 'tx') h.taken = undefined;
      },
    };
  }

  const preHandler: preHandlerHookHandler = (request, _reply, done) => {
    const raw = request.headers[IDEMPOTENCY_HEADER];
    if (raw === undefined || !IDEMPOTENT_METHODS.has(request.method) || !request.auth) return done();
    let key: string;
    try {
      key = parseKey(raw);
    } catch (err) {
      return done(err as Error);
    }
    const p = principalKey(request.auth.principal.kind, request.auth.principal.name);
    const slot: FirstStatement = { hook: undefined };
    const h: Held = {
      principal: `${p.namespace}:${p.key}`,
      key,
      fingerprint: fingerprint(request.method, request.url, request.body),
      owner: randomUUID(),
      slot,
    };
    slot.hook = hookOf(h);
    held.set(request, h);
    withFirstStatement(sql, slot, () => done());
  };

  // A request that ends, with an answer or without one (the client went away), closes its context: its
  // work must not stay armed for a timer it started there.
  const disarm = (request: FastifyRequest) => {
    const h = held.get(request);
    if (h) endFirstStatement(h.slot);
  };
  const onResponse: onResponseHookHandler = (request, _reply, done) => {
    disarm(request);
    done();
  };
  const onRequestAbort: onRequestAbortHookHandler = (request, done) => {
    disarm(request);
    done();
  };

  /** The answer a request with a key sends: its own, kept with its key, or the first one again. */
  async function keep(
    request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
    h: Held,
  ): Promise<unknown> {
    held.delete(request);
    // What follows is the hook's own work, not the route's: the context closes.
    endFirstStatement(h.slot);
    if (h.replay) {
      const found = h.replay;
      reply.code(found.status!);
      reply.removeHeader('retry-after');
      for (const [name, value] of Object.entries(found.headers ?? {})) reply.header(name, value);
      reply.header('idempotent-replayed', 'true');
      return found.body === null ? '' : open(found.body);
    }
    if (h.taken === 'refused') return payload;
    const status = reply.statusCode;
    const kept = typeof payload === 'string' || Buffer.isBuffer(payload) || payload === null;
    // Taken on its own: an answer that says "try again" frees the key (nothing may have been applied).
    if (h.taken === 'lease' && (notKept(status) || !kept)) {
      await releaseKey(sql, h);
      return payload;
    }
    // Nothing applied under the key: a "try again" answer is not kept.
    if (h.taken === undefined && notKept(status)) return payload;
    const headers: Record<string, string> = {};
    for (const name of KEPT_HEADERS) {
      const v = reply.getHeader(name);
      if (v !== undefined) headers[name] = Array.isArray(v) ? v.join(', ') : String(v);
    }
    const answer = { status, headers, body: kept && payload !== null ? seal(String(payload)) : null };
    // The change is applied already: a store that fails must not turn its answer into an error. A key
    // taken in the transaction then stays without an answer: repeats are refused, never applied again.
    try {
      if (h.taken === undefined) await insertAnswer(sql, { ...h, ttlMs: KEY_TTL_MS }, answer);
      else await storeAnswer(h, answer);
      prune();
    } catch (err) {
      log.error({ err }, 'storing an idempotent answer failed');
    }
    return payload;
  }

  // A callback hook, not an async one: a request without a key (most of them) makes no promise here.
  const onSend: onSendHookHandler = (request, reply, payload, done) => {
    const h = held.get(request);
    if (!h) {
      done(null, payload);
      return;
    }
    keep(request, reply, payload, h).then(
      (sent) => done(null, sent),
      (err: Error) => done(err),
    );
  };

  // Only the routes whose method the key guards carry the hooks (a GET runs none of them), after the
  // route's own: the key is taken by the route's first statement, never by a hook's read.
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (!methods.some((m) => IDEMPOTENT_METHODS.has(m))) return;
    const add = <H>(existing: H | H[] | undefined, hook: H): H[] => [...[existing ?? []].flat(), hook] as H[];
    route.preHandler = add(route.preHandler, preHandler);
    route.onSend = add(route.onSend, onSend);
    route.onResponse = add(route.onResponse, onResponse);
    route.onRequestAbort = add(route.onRequestAbort, onRequestAbort);
  });
}
