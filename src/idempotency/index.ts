// Idempotency-Key on every authenticated POST, PUT, PATCH and DELETE (docs/api-conventions.md,
// "Idempotency-Key"): the first answer to a key is stored, per principal, for 24 hours, and a repeat of
// the same request gets it back without being applied again.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { SecretBox } from '../crypto/secretbox.js';
import type { Queryable } from '../db/sql.js';
import { fingerprint, headerProblem, IDEMPOTENCY_HEADER, IDEMPOTENT_METHODS, parseKey } from './key.js';
import { claimKey, deleteExpired, findKey, releaseKey, storeAnswer } from './store.js';

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
  sql: Queryable;
  log: Pick<FastifyBaseLogger, 'error'>;
  settings: { http: { requestTimeoutMs: number }; auth: { encryptionKey: Buffer | undefined } };
}

interface Held {
  principal: string;
  key: string;
  owner: string;
}

/**
 * Registers the hooks on `app` (before the routes are added). `principalKey` names the caller: keys of
 * different principals never meet. Routes without an authenticated caller (sign-in, the scheduler's
 * own routes, which authenticate themselves) ignore the header.
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
  // A request that died without an answer (its process stopped) frees its key after this long.
  const leaseMs = settings.http.requestTimeoutMs + 30_000;
  const held = new WeakMap<FastifyRequest, Held>();
  let claims = 0;

  function prune(): void {
    if (++claims % PRUNE_EVERY !== 0) return;

    deleteExpired(sql, PRUNE_LIMIT).catch((err: unknown) =>
      log.error({ err }, 'deleting expired idempotency keys failed'),
    );
  }

  app.addHook('preHandler', async (request, reply) => {
    const raw = request.headers[IDEMPOTENCY_HEADER];
    if (raw === undefined || !IDEMPOTENT_METHODS.has(request.method) || !request.auth) return;
    const key = parseKey(raw);
    const p = principalKey(request.auth.principal.kind, request.auth.principal.name);
    const principal = `${p.namespace}:${p.key}`;
    const print = fingerprint(request.method, request.url, request.body);
    // Two rounds: a row found gone between the claim and the read (released by a 5xx) is claimed again.
    for (let round = 0; round < 2; round++) {
      const owner = randomUUID();
      if (await claimKey(sql, { principal, key, fingerprint: print, owner, leaseMs, ttlMs: KEY_TTL_MS })) {
        held.set(request, { principal, key, owner });
        prune();
        return;
      }
      const found = await findKey(sql, principal, key);
      if (!found) continue;
      if (found.fingerprint !== print) {
        throw headerProblem(
          422,
          'idempotency_key_reused',
          'this key was first sent with another request (method, path or body); use a new key for a new request',
        );
      }
      if (found.status === null) {
        const err = headerProblem(
          409,
          'idempotency_key_in_use',
          'the first request with this key is still being processed; retry later',
        );
        err.retryAfter = 1;
        throw err;
      }
      reply.code(found.status);
      for (const [name, value] of Object.entries(found.headers ?? {})) reply.header(name, value);
      reply.header('idempotent-replayed', 'true');
      return reply.send(found.body === null ? null : open(found.body));
    }
    throw headerProblem(409, 'idempotency_key_in_use', 'the key changed hands meanwhile; retry');
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const h = held.get(request);
    if (!h) return payload;
    held.delete(request);
    const status = reply.statusCode;
    const kept = typeof payload === 'string' || Buffer.isBuffer(payload) || payload === null;
    if (notKept(status) || !kept) {
      await releaseKey(sql, h);
      return payload;
    }
    const headers: Record<string, string> = {};
    for (const name of KEPT_HEADERS) {
      const v = reply.getHeader(name);
      if (v !== undefined) headers[name] = Array.isArray(v) ? v.join(', ') : String(v);
    }
    const body = payload === null ? null : seal(String(payload));
    // The change is applied already: a store that fails must not turn its answer into an error. The key
    // stays in flight until its lease ends (docs/api-conventions.md).
    await storeAnswer(sql, h, { status, headers, body }).catch((err: unknown) =>
      log.error({ err }, 'storing an idempotent answer failed'),
    );
    return payload;
  });
}
