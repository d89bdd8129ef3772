// Settings: every KEEL_* variable, parsed and validated once into one typed object.
import os from 'node:os';
import path from 'node:path';
import { passwordProblem } from '../crypto/password-policy.js';
import { parseTrustedProxies, type ForwardingHeader, type TrustedProxies } from '../http/client-address.js';
import { parseNatsUrls } from './nats-urls.js';

/** The shortest client secret an operator may supply (KEEL_SCHEDULER_CLIENT_SECRET). */
export const MIN_CLIENT_SECRET_LENGTH = 32;

export class SettingsError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`${variable}: ${message}`);
    this.name = 'SettingsError';
  }
}

type Env = Record<string, string | undefined>;

function str(env: Env, name: string): string | undefined {
  const v = env[name];
  return v === undefined || v.trim() === '' ? undefined : v.trim();
}

function int(env: Env, name: string, dflt: number, min: number, max: number): number {
  const raw = str(env, name);
  if (raw === undefined) return dflt;
  if (!/^-?\d+$/.test(raw)) throw new SettingsError(name, `expected an integer, got "${raw}"`);
  const n = Number(raw);
  if (n < min || n > max) throw new SettingsError(name, `must be between ${min} and ${max}, got ${n}`);
  return n;
}

function bool(env: Env, name: string, dflt: boolean): boolean {
  const raw = str(env, name)?.toLowerCase();
  if (raw === undefined) return dflt;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new SettingsError(name, `expected true or false, got "${raw}"`);
}

function url(env: Env, name: string, protocols: string[]): string | undefined {
  const raw = str(env, name);
  if (raw === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new SettingsError(name, 'is not a valid URL');
  }
  if (!protocols.includes(parsed.protocol.replace(/:$/, ''))) {
    throw new SettingsError(name, `scheme must be one of ${protocols.join(', ')}`);
  }
  return raw;
}

const trimSlash = (u: string) => u.replace(/\/+$/, '');

/** A 32-byte key given as base64 (or base64url). */
function key32(env: Env, name: string): Buffer | undefined {
  const raw = str(env, name);
  if (raw === undefined) return undefined;
  const buf = Buffer.from(raw, 'base64');
  if (buf.length !== 32) throw new SettingsError(name, 'must be 32 bytes encoded as base64');
  return buf;
}

function pem(env: Env, name: string): string | undefined {
  const raw = str(env, name);
  if (raw === undefined) return undefined;
  const text = raw.includes('-----BEGIN') ? raw : Buffer.from(raw, 'base64').toString('utf8');
  if (!text.includes('-----BEGIN PRIVATE KEY-----')) {
    throw new SettingsError(name, 'must be a PKCS#8 PEM private key (or its base64)');
  }
  return text.replace(/\\n/g, '\n');
}

function analyticsUrl(env: Env): string | null {
  const raw = url(env, 'KEEL_ANALYTICS_URL', ['clickhouse', 'clickhouses']);
  if (raw === undefined) return null;
  if (!/^\/[A-Za-z_][A-Za-z0-9_]*$/.test(new URL(raw).pathname)) {
    throw new SettingsError('KEEL_ANALYTICS_URL', 'must name the database as its path (letters, digits, _)');
  }
  return raw;
}

function connectorKey(env: Env): string | undefined {
  const raw = str(env, 'KEEL_CONNECTOR_API_KEY');
  if (raw !== undefined && raw.length < 32) {
    throw new SettingsError('KEEL_CONNECTOR_API_KEY', 'must be at least 32 characters');
  }
  return raw;
}

/** KEEL_TRUST_PROXY and KEEL_TRUST_PROXY_HEADER: the reverse proxies whose forwarding header is believed. */
function trustProxy(env: Env): TrustedProxies | null {
  const header = (str(env, 'KEEL_TRUST_PROXY_HEADER') ?? 'x-forwarded-for').toLowerCase();
  if (header !== 'x-forwarded-for' && header !== 'forwarded') {
    throw new SettingsError('KEEL_TRUST_PROXY_HEADER', 'must be x-forwarded-for or forwarded');
  }
  const raw = str(env, 'KEEL_TRUST_PROXY');
  if (raw === undefined) return null;
  try {
    return parseTrustedProxies(raw, header as ForwardingHeader);
  } catch (err) {
    throw new SettingsError(
      'KEEL_TRUST_PROXY',
      `${(err as Error).message}; list the reverse proxies' addresses or CIDR ranges, separated by commas`,
    );
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Settings {
  host: string;
  port: number;
  publicUrl: string;
  logLevel: LogLevel;
  dataDir: string;
  /** null: the embedded PostgreSQL managed by Keel. */
  databaseUrl: string | null;
  databasePoolSize: number;
  /**
   * Blast radius walks one process runs at once (docs/scale.md, "The blast radius in turns"); the
   * others wait their turn.
   */
  databaseWalkSlots: number;
  /**
   * Edges of the dependency graphs each process keeps in memory for blast radius walks (docs/catalog.md,
   * "The dependency index"); an organization with more is walked in PostgreSQL; 0: every walk is.
   */
  dependencyIndexEdges: number;
  /**
   * Bounds of every database call of the service's pool (docs/deployment.md, "A database cut off by
   * the network"): PostgreSQL cancels a statement after `statementTimeoutMs`, the client gives up on
   * an answer after `queryTimeoutMs` and on a connection (a new one, or a free one of a full pool) after
   * `connectTimeoutMs`; 0: no bound.
   */
  databaseTimeouts: { statementTimeoutMs: number; queryTimeoutMs: number; connectTimeoutMs: number };
  /**
   * How long start-up keeps trying while the configured database cannot be reached or drops its
   * connections (a restart, a failover): each try boots from the start again; 0: fail at the first.
   */
  databaseStartWaitMs: number;
  /** Bytes of rendered responses each process keeps (docs/scale.md, "The page cache"); 0: none. */
  pageCacheBytes: number;
  auth: {
    /** PKCS#8 PEM of the Ed25519 signing key; filled from the data dir in embedded mode. */
    jwtPrivateKey: string | undefined;
    issuer: string;
    accessTokenTtl: number;
    refreshTokenTtl: number;
    delegatedTokenTtl: number;
    /** Encrypts OAuth provider secrets and per-user provider tokens. */
    encryptionKey: Buffer | undefined;
    oauthAutoLinkByEmail: boolean;
    oauthAutoCreateUsers: boolean;
    providerCacheSeconds: number;
    localPasswordLogin: boolean;
    /** Where a finished OAuth login sends the browser, tokens in the fragment (docs/oauth-login.md). */
    oauthFrontendUrl: string;
    /** Vendor endpoints of the `provider_a` type (an OIDC provider); overridden in tests. */
    providerA: { issuer: string };
    /** Vendor endpoints of the `provider_b` type (OAuth 2.0 plus a user API); overridden in tests. */
    providerB: { authorizeUrl: string; tokenUrl: string; apiUrl: string };
  };
  /** Encrypts AI provider credentials. */
  configEncryptionKey: Buffer | undefined;
  bootstrapAdmin: { email: string; password: string } | null;
  scheduler: { clientId: string; clientSecret: string } | null;
  scoring: { debounceSeconds: number };
  /** The scheduler service (docs/scheduler.md). */
  schedulerService: {
    /** The Keel API the scheduler calls; null: `keel serve`'s own address (required by `keel scheduler`). */
    apiUrl: string | null;
    /** Where `keel scheduler` serves its API. */
    port: number;
    misfireGraceSeconds: number;
    requestTimeoutSeconds: number;
    /** Finished runs are deleted this many days after they started. */
    runRetentionDays: number;
  };
  outbound: { allowPrivateNetworks: boolean };
  pluginsDir: string | undefined;
  /**
   * Where posted plugin documents are parsed and validated (docs/input-hardening.md, "Large documents
   * leave the event loop"): `workers` threads (0: all inline), at most `queue` documents waiting for
   * one (then 503), and bodies under `inlineBelowBytes` done on the event loop.
   */
  pluginDocuments: { workers: number; queue: number; inlineBelowBytes: number };
  /** ClickHouse server `clickhouse://user:password@host:8123/db`; null: the embedded engine (chdb). */
  analyticsUrl: string | null;
  connector: {
    /** Opens GET /connectors/config; generated into the data dir in embedded mode. */
    apiKey: string | undefined;
    /** Where `keel connector` fetches its sinks; default: this service's own endpoint. */
    configUrl: string | undefined;
  };
  /**
   * The analytics stream (SPEC 6.1): `postgres` (a log table in Keel's database), or
   * `nats://user:pass@host:port`, or a comma-separated list of such URLs (the nodes of a NATS cluster).
   */
  stream: {
    url: string;
    connectTimeoutMs: number;
    connectAttempts: number;
    /** Replicas of every JetStream stream Keel creates (KEEL_STREAM_REPLICAS); 1 on the postgres stream. */
    replicas: number;
  };
  /** Sent outbox rows are deleted after this many hours. */
  outboxRetentionHours: number;
  /**
   * Who may read GET /metrics besides loopback callers: a bearer token (docs/analytics.md). With a
   * trusted proxy, only holders of the token.
   */
  metricsToken: string | undefined;
  /**
   * The reverse proxies whose forwarding header names the client (KEEL_TRUST_PROXY); null: none, the
   * socket's peer is the client (docs/configuration.md, "Behind a reverse proxy").
   */
  trustProxy: TrustedProxies | null;
  /** Bounds on one HTTP request: a slow or partial body never holds a connection for long. */
  http: { requestTimeoutMs: number; connectionTimeoutMs: number };
  /** Failed sign-in throttling (docs/input-hardening.md). */
  throttle: {
    accountFailures: number;
    addressFailures: number;
    windowSeconds: number;
    oauthStartsPerMinute: number;
  };
}

/** KEEL_STREAM_URL: required unless Keel runs embedded, where the stream defaults to its own PostgreSQL. */
function streamUrl(env: Env, embedded: boolean): string {
  const raw = str(env, 'KEEL_STREAM_URL');
  if (raw === undefined) {
    if (embedded) return 'postgres';
    throw new SettingsError(
      'KEEL_STREAM_URL',
      'is required when KEEL_DATABASE_URL is set: nats://user:password@host:4222 or postgres',
    );
  }
  if (raw === 'postgres') return raw;
  try {
    parseNatsUrls(raw);
  } catch (err) {
    throw new SettingsError(
      'KEEL_STREAM_URL',
      `must be postgres, or a nats://user:password@host:port URL, or several separated by commas ` +
        `(a NATS cluster): it ${(err as Error).message}`,
    );
  }
  return raw;
}

/** KEEL_STREAM_REPLICAS: replicas of each JetStream stream; meaningless on the postgres stream. */
function streamReplicas(env: Env, streamUrl: string): number {
  const replicas = int(env, 'KEEL_STREAM_REPLICAS', 1, 1, 5);
  if (replicas > 1 && streamUrl === 'postgres') {
    throw new SettingsError(
      'KEEL_STREAM_REPLICAS',
      `is ${replicas}, but the stream is postgres (a table in Keel's database, replicated with it): ` +
        'replicas apply to a nats:// stream only; unset it or set KEEL_STREAM_URL to a NATS cluster',
    );
  }
  return replicas;
}

export function loadSettings(env: Env = process.env): Settings {
  const host = str(env, 'KEEL_HOST') ?? '127.0.0.1';
  const port = int(env, 'KEEL_PORT', 8080, 0, 65535);
  const publicUrl = (
    url(env, 'KEEL_PUBLIC_URL', ['http', 'https']) ??
    `http://${host.includes(':') ? `[${host}]` : host}:${port}`
  ).replace(/\/+$/, '');
  const logLevel = (str(env, 'KEEL_LOG_LEVEL') ?? 'info') as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new SettingsError('KEEL_LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')}`);
  }
  const databaseUrl = url(env, 'KEEL_DATABASE_URL', ['postgres', 'postgresql']) ?? null;

  const adminEmail = str(env, 'KEEL_BOOTSTRAP_ADMIN_EMAIL');
  const adminPassword = str(env, 'KEEL_BOOTSTRAP_ADMIN_PASSWORD');
  if ((adminEmail === undefined) !== (adminPassword === undefined)) {
    throw new SettingsError(
      adminEmail ? 'KEEL_BOOTSTRAP_ADMIN_PASSWORD' : 'KEEL_BOOTSTRAP_ADMIN_EMAIL',
      'KEEL_BOOTSTRAP_ADMIN_EMAIL and KEEL_BOOTSTRAP_ADMIN_PASSWORD must be set together',
    );
  }
  const weak = adminPassword === undefined ? undefined : passwordProblem(adminPassword);
  if (weak) throw new SettingsError('KEEL_BOOTSTRAP_ADMIN_PASSWORD', `the password ${weak}`);
  const schedulerId = str(env, 'KEEL_SCHEDULER_CLIENT_ID');
  const schedulerSecret = str(env, 'KEEL_SCHEDULER_CLIENT_SECRET');
  if ((schedulerId === undefined) !== (schedulerSecret === undefined)) {
    throw new SettingsError(
      schedulerId ? 'KEEL_SCHEDULER_CLIENT_SECRET' : 'KEEL_SCHEDULER_CLIENT_ID',
      'KEEL_SCHEDULER_CLIENT_ID and KEEL_SCHEDULER_CLIENT_SECRET must be set together',
    );
  }
  // Client secrets are stored as their SHA-256 (docs/security.md, "Client secrets"): a fast hash is
  // safe only for a long random secret, so a short one, which could be found from the stored hash by
  // trying candidates, is refused.
  if (schedulerSecret !== undefined && [...schedulerSecret].length < MIN_CLIENT_SECRET_LENGTH) {
    throw new SettingsError(
      'KEEL_SCHEDULER_CLIENT_SECRET',
      `must be a random secret of at least ${MIN_CLIENT_SECRET_LENGTH} characters (for example \`openssl rand -base64 32\`)`,
    );
  }

  const settings: Settings = {
    host,
    port,
    publicUrl,
    logLevel,
    dataDir: path.resolve(str(env, 'KEEL_DATA_DIR') ?? 'data'),
    databaseUrl,
    databasePoolSize: int(env, 'KEEL_DATABASE_POOL_SIZE', 10, 2, 500),
    databaseWalkSlots: int(env, 'KEEL_DATABASE_WALK_SLOTS', 2, 1, 64),
    dependencyIndexEdges: int(env, 'KEEL_DEPENDENCY_INDEX_EDGES', 500_000, 0, 100_000_000),
    databaseTimeouts: {
      statementTimeoutMs: int(env, 'KEEL_DATABASE_STATEMENT_TIMEOUT_MS', 10_000, 0, 3_600_000),
      queryTimeoutMs: int(env, 'KEEL_DATABASE_QUERY_TIMEOUT_MS', 12_000, 0, 3_600_000),
      connectTimeoutMs: int(env, 'KEEL_DATABASE_CONNECT_TIMEOUT_MS', 5000, 100, 120_000),
    },
    databaseStartWaitMs: int(env, 'KEEL_DATABASE_START_WAIT_MS', 60_000, 0, 3_600_000),
    pageCacheBytes: int(env, 'KEEL_PAGE_CACHE_MB', 32, 0, 4096) * 1024 * 1024,
    auth: {
      jwtPrivateKey: pem(env, 'KEEL_AUTH_JWT_PRIVATE_KEY'),
      issuer: url(env, 'KEEL_AUTH_ISSUER', ['http', 'https']) ?? publicUrl,
      accessTokenTtl: int(env, 'KEEL_AUTH_ACCESS_TOKEN_TTL', 3600, 60, 86400),
      refreshTokenTtl: int(env, 'KEEL_AUTH_REFRESH_TOKEN_TTL', 30 * 86400, 300, 365 * 86400),
      delegatedTokenTtl: int(env, 'KEEL_AUTH_DELEGATED_TOKEN_TTL', 600, 300, 900),
      encryptionKey: key32(env, 'KEEL_AUTH_ENCRYPTION_KEY'),
      oauthAutoLinkByEmail: bool(env, 'KEEL_AUTH_OAUTH_AUTO_LINK_BY_EMAIL', false),
      oauthAutoCreateUsers: bool(env, 'KEEL_AUTH_OAUTH_AUTO_CREATE_USERS', false),
      providerCacheSeconds: int(env, 'KEEL_AUTH_PROVIDER_CACHE_SECONDS', 30, 0, 3600),
      localPasswordLogin: bool(env, 'KEEL_AUTH_LOCAL_PASSWORD_LOGIN', true),
      oauthFrontendUrl:
        url(env, 'KEEL_AUTH_OAUTH_FRONTEND_URL', ['http', 'https']) ?? `${publicUrl}/login/callback`,
      providerA: {
        issuer: trimSlash(
          url(env, 'KEEL_AUTH_PROVIDER_A_ISSUER', ['http', 'https']) ?? 'https://accounts.google.com',
        ),
      },
      providerB: {
        authorizeUrl:
          url(env, 'KEEL_AUTH_PROVIDER_B_AUTHORIZE_URL', ['http', 'https']) ??
          'https://github.com/login/oauth/authorize',
        tokenUrl:
          url(env, 'KEEL_AUTH_PROVIDER_B_TOKEN_URL', ['http', 'https']) ??
          'https://github.com/login/oauth/access_token',
        apiUrl: trimSlash(
          url(env, 'KEEL_AUTH_PROVIDER_B_API_URL', ['http', 'https']) ?? 'https://api.github.com',
        ),
      },
    },
    configEncryptionKey: key32(env, 'KEEL_CONFIG_ENCRYPTION_KEY'),
    bootstrapAdmin: adminEmail && adminPassword ? { email: adminEmail, password: adminPassword } : null,
    scheduler:
      schedulerId && schedulerSecret ? { clientId: schedulerId, clientSecret: schedulerSecret } : null,
    scoring: { debounceSeconds: int(env, 'KEEL_SCORING_DEBOUNCE_SECONDS', 5, 0, 86400) },
    schedulerService: {
      apiUrl: url(env, 'KEEL_SCHEDULER_API_URL', ['http', 'https'])?.replace(/\/+$/, '') ?? null,
      port: int(env, 'KEEL_SCHEDULER_PORT', 8081, 0, 65535),
      misfireGraceSeconds: int(env, 'KEEL_SCHEDULER_MISFIRE_GRACE_SECONDS', 300, 1, 86400),
      requestTimeoutSeconds: int(env, 'KEEL_SCHEDULER_REQUEST_TIMEOUT_SECONDS', 30, 1, 600),
      runRetentionDays: int(env, 'KEEL_SCHEDULER_RUN_RETENTION_DAYS', 90, 1, 3650),
    },
    outbound: { allowPrivateNetworks: bool(env, 'KEEL_OUTBOUND_ALLOW_PRIVATE_NETWORKS', false) },
    pluginsDir: str(env, 'KEEL_PLUGINS_DIR'),
    pluginDocuments: {
      workers: int(env, 'KEEL_PLUGIN_DOCUMENT_WORKERS', Math.max(1, os.availableParallelism() - 1), 0, 64),
      queue: int(env, 'KEEL_PLUGIN_DOCUMENT_QUEUE', 64, 0, 10_000),
      inlineBelowBytes: int(env, 'KEEL_PLUGIN_DOCUMENT_INLINE_BELOW_BYTES', 16 * 1024, 0, 1024 * 1024 + 1),
    },
    analyticsUrl: analyticsUrl(env),
    connector: {
      apiKey: connectorKey(env),
      configUrl: url(env, 'KEEL_CONNECTOR_CONFIG_URL', ['http', 'https']),
    },
    stream: {
      url: 'postgres', // checked below, after the signing key
      connectTimeoutMs: int(env, 'KEEL_STREAM_CONNECT_TIMEOUT_MS', 5000, 100, 120_000),
      connectAttempts: int(env, 'KEEL_STREAM_CONNECT_ATTEMPTS', 5, 1, 100),
      replicas: 1, // checked below, with the stream URL
    },
    outboxRetentionHours: int(env, 'KEEL_OUTBOX_RETENTION_HOURS', 24, 1, 24 * 365),
    metricsToken: str(env, 'KEEL_METRICS_TOKEN'),
    trustProxy: trustProxy(env),
    http: {
      requestTimeoutMs: int(env, 'KEEL_HTTP_REQUEST_TIMEOUT_MS', 30_000, 100, 600_000),
      connectionTimeoutMs: int(env, 'KEEL_HTTP_CONNECTION_TIMEOUT_MS', 15_000, 100, 600_000),
    },
    throttle: {
      accountFailures: int(env, 'KEEL_AUTH_THROTTLE_ACCOUNT_FAILURES', 5, 1, 1000),
      addressFailures: int(env, 'KEEL_AUTH_THROTTLE_ADDRESS_FAILURES', 50, 1, 100_000),
      windowSeconds: int(env, 'KEEL_AUTH_THROTTLE_WINDOW_SECONDS', 300, 1, 86400),
      oauthStartsPerMinute: int(env, 'KEEL_AUTH_THROTTLE_OAUTH_STARTS_PER_MINUTE', 60, 1, 100_000),
    },
  };

  if (databaseUrl !== null && settings.auth.jwtPrivateKey === undefined) {
    throw new SettingsError(
      'KEEL_AUTH_JWT_PRIVATE_KEY',
      'is required when KEEL_DATABASE_URL is set (generate one with `keel keys generate`)',
    );
  }
  settings.stream.url = streamUrl(env, databaseUrl === null);
  settings.stream.replicas = streamReplicas(env, settings.stream.url);
  return settings;
}
