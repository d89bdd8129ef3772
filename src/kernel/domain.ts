// What a domain contributes to the service. The list of domains is in domains.ts.
import type { Server, IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Migration } from '../db/migrate.js';
import type { PermissionDef, RoleSeed } from './permissions.js';
import type { Core } from './core.js';
import type { GrantHandler } from './grants.js';
import type { ActorCheck } from './identity.js';

export type Api = FastifyInstance<
  Server,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

/** A background process part (queue consumer, relay...), started in `serve` and in its own role. */
export interface BackgroundTask {
  name: string;
  /** Which `keel` commands run it besides `serve`. */
  roles: readonly ('api' | 'worker' | 'scheduler' | 'connector')[];
  start(core: Core, context?: TaskContext): Promise<{ stop(): Promise<void> }>;
}

/** What the process starting a background task tells it. */
export interface TaskContext {
  /** The `keel` command running the task. */
  role: 'serve' | 'api' | 'worker' | 'scheduler' | 'connector';
}

/**
 * Something membership of a team gives (a restricted AI model's visibility): an edge from the thing to
 * the team. Adding a member to a team hands it on, so a caller may add one only when they have it
 * already: `seesAll`, or membership of the team.
 */
export interface TeamGrant {
  /** Label of the edges from a granted thing to the team. */
  edgeLabel: string;
  /** The permission that gives all such things, whatever the teams. */
  seesAll: string;
  /** What the members get, for the refusal ("restricted AI models"). */
  what: string;
}

export interface Domain {
  name: string;
  migrations?: readonly Migration[];
  permissions?: readonly PermissionDef[];
  roles?: readonly RoleSeed[];
  /** Runs after migrations and the permission seed at start-up (idempotent). */
  seed?(core: Core): Promise<void>;
  routes?(api: Api, core: Core): void | Promise<void>;
  background?: readonly BackgroundTask[];
  /** Checks the actor of delegated tokens on every request (at most one domain gives it). */
  actorCheck?: ActorCheck;
  /** Extra grant types for the token endpoint (RFC 8693 token exchange). */
  grants?: Readonly<Record<string, GrantHandler>>;
  /** What membership of a team gives in this domain. */
  teamGrants?: readonly TeamGrant[];
}
