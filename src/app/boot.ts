// Start-up shared by every command: settings -> database (embedded or configured) -> migrations ->
// seeds -> core services. Returns what the command needs and one close() that undoes it all.
import path from 'node:path';
import pino, { type DestinationStream } from 'pino';
import type { Settings } from '../config/settings.js';
import { loadOrCreateSecrets, storeSecret, withDataDirSecrets } from '../config/data-dir-secrets.js';
import { randomBytes } from 'node:crypto';
import { JwtSigner } from '../crypto/jwt.js';
import { APP_ROLE, ensureAppRole } from '../db/app-role.js';
import { startEmbeddedPostgres } from '../db/embedded.js';
import { migrate } from '../db/migrate.js';
import { createSql, type Sql } from '../db/sql.js';
import { databaseUnavailable } from '../db/unavailable.js';
import { setTimeout as sleep } from 'node:timers/promises';
import { backoffMs } from '../lib/background.js';
import { seedPermissions } from '../authz/store.js';
import { REDACT_PATHS } from '../http/redact.js';
import { AuthCache } from '../kernel/auth-cache.js';
import { Notifications } from '../db/notifications.js';
import { GraphCache } from '../graph/cache.js';
import { PAGES_CHANNEL, PageCache } from '../http/page-cache.js';
import { identityServices } from '../identity/index.js';
import { connectStream } from '../analytics/stream/connect.js';
import { SecretBoxes, type Core } from '../kernel/core.js';
import { outboxAnalytics } from '../analytics/outbox/record.js';
import type { Domain } from '../kernel/domain.js';

export interface Runtime {
  core: Core;
  domains: readonly Domain[];
  /** True when Keel runs its own PostgreSQL. */
  embedded: boolean;
  close(): Promise<void>;
}

export interface BootOptions {
  logStream?: DestinationStream;
}

const SEED_LOCK = 7_245_332;

/** The local admin of an embedded install ({@link LOCAL_ADMIN}), created on first start with a generated password. */
export const LOCAL_ADMIN = 'admin@keel.local';

async function ensureLocalAdmin(core: Core): Promise<void> {
  const anyUser = await core.sql.one(`SELECT 1 FROM graph_nodes WHERE label = 'User' LIMIT 1`);
  if (anyUser) return;
  const password = randomBytes(15).toString('base64url');
  storeSecret(core.settings.dataDir, 'admin_password', password);
  await core.identity.users.ensureAdmin(LOCAL_ADMIN, password);
}

/** Every domain's migrations, then its permissions and roles (replicas starting together seed once). */
export async function migrateAndSeed(sql: Sql, domains: readonly Domain[]): Promise<void> {
  await migrate(
    sql,
    domains.flatMap((d) => d.migrations ?? []),
  );
  await sql.tx(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK]);
    await seedPermissions(
      tx,
      domains.flatMap((d) => d.permissions ?? []),
      domains.flatMap((d) => d.roles ?? []),
    );
  });
}

export async function boot(
  input: Settings,
  domains: readonly Domain[],
  options: BootOptions = {},
): Promise<Runtime> {
  const log = pino(
    {
      level: input.logLevel,
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      base: { service: 'keel' },
    },
    options.logStream,
  );
  // A configured database that restarts or fails over while we start cuts the migrations, the seeds or
  // the listener mid-way: start again from the top (every step is idempotent) until it answers, within
  // KEEL_DATABASE_START_WAIT_MS. An embedded server is ours: its failures are not waited out.
  const deadline = Date.now() + input.databaseStartWaitMs;
  for (let attempt = 1; ; attempt++) {
    try {
      return await bootOnce(input, domains, log);
    } catch (err) {
      const wait = Math.round(backoffMs(attempt - 1, 500, 5000));
      if (input.databaseUrl === null || !databaseUnavailable(err) || Date.now() + wait > deadline) throw err;
      log.warn(
        { err: (err as Error).message, attempt },
        `start-up: the database cannot be reached or cut the connection; starting again in ${wait} ms`,
      );
      await sleep(wait);
    }
  }
}

async function bootOnce(input: Settings, domains: readonly Domain[], log: pino.Logger): Promise<Runtime> {
  const closers: Array<() => Promise<void>> = [];
  const close = async () => {
    for (const c of closers.reverse()) await c().catch((err) => log.error({ err }, 'shutdown step failed'));
  };
  try {
    let settings = input;
    let url = settings.databaseUrl;
    if (url === null) {
      const stored = loadOrCreateSecrets(settings.dataDir);
      settings = withDataDirSecrets(settings, stored);
      const db = await startEmbeddedPostgres(
        path.join(settings.dataDir, 'pg'),
        stored.postgres_password,
        (line) => log.debug({ postgres: line.trim() }, 'embedded postgres'),
      );
      closers.push(db.stop);
      // The owner migrates and sets up the application role; the service connects as that role.
      const owner = createSql(db.url, 2);
      try {
        await migrateAndSeed(owner, domains);
        await ensureAppRole(owner, stored.postgres_app_password);
      } finally {
        await owner.close();
      }
      url = db.urlAs(APP_ROLE, stored.postgres_app_password);
    }
    if (settings.databaseUrl !== null) {
      // Migrations run on connections of their own, without the service's timeouts: a migration (or
      // the wait for another replica's, under the advisory lock) may rightly take minutes.
      const migrator = createSql(url, 2);
      try {
        await migrateAndSeed(migrator, domains);
      } finally {
        await migrator.close();
      }
    }
    const sql = createSql(url, settings.databasePoolSize, settings.databaseTimeouts);
    closers.push(() => sql.close());

    const stream = await connectStream(settings, sql, { log });
    closers.push(() => stream.close());

    const notifications = new Notifications(url, settings.databaseTimeouts);
    const authCache = new AuthCache();
    authCache.subscribe(notifications);
    const graphCache = new GraphCache();
    graphCache.subscribe(notifications);
    const pages = new PageCache(settings.pageCacheBytes, async (families) => {
      await sql.query('SELECT pg_notify($1, f) FROM unnest($2::text[]) AS f', [PAGES_CHANNEL, families]);
    });
    pages.subscribe(notifications);
    await notifications.start();
    closers.push(() => notifications.stop());
    closers.push(() => pages.flush());
    const jwt = new JwtSigner(settings.auth.jwtPrivateKey!, settings.auth.issuer);
    const core: Core = {
      settings,
      sql,
      log,
      jwt,
      authCache,
      graphCache,
      pages,
      secrets: new SecretBoxes(settings),
      stream,
      analytics: outboxAnalytics(),
      identity: identityServices({
        sql,
        jwt,
        authCache,
        settings,
        actorCheck: domains.find((d) => d.actorCheck)?.actorCheck,
      }),
    };
    for (const d of domains) await d.seed?.(core);
    if (input.databaseUrl === null && !settings.bootstrapAdmin) await ensureLocalAdmin(core);
    if (settings.bootstrapAdmin) {
      const created = await core.identity.users.ensureAdmin(
        settings.bootstrapAdmin.email,
        settings.bootstrapAdmin.password,
      );
      if (created) log.info({ email: settings.bootstrapAdmin.email }, 'bootstrap admin created');
    }
    return { core, domains, embedded: input.databaseUrl === null, close };
  } catch (err) {
    await close();
    throw err;
  }
}
