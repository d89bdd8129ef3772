// The dependencies every domain may receive. Domains take what they use (Pick<Core, ...>).
import type { FastifyBaseLogger } from 'fastify';
import type { Settings } from '../config/settings.js';
import type { Sql } from '../db/sql.js';
import type { JwtSigner } from '../crypto/jwt.js';
import { SecretBox } from '../crypto/secretbox.js';
import { AppError } from '../http/errors.js';
import type { AuthCache } from './auth-cache.js';
import type { GraphCache } from '../graph/cache.js';
import type { PageCache } from '../http/page-cache.js';
import type { Identity } from './identity.js';
import type { Analytics } from '../analytics/outbox/record.js';
import type { StreamPort } from '../analytics/stream/port.js';

export interface Core {
  settings: Settings;
  sql: Sql;
  log: FastifyBaseLogger;
  jwt: JwtSigner;
  authCache: AuthCache;
  /** Hot lookups by unique key (organizations, projects), invalidated across replicas. */
  graphCache: GraphCache;
  /** Rendered responses of hot GETs (list pages, plugin entities), invalidated across replicas. */
  pages: PageCache;
  secrets: SecretBoxes;
  identity: Identity;
  /** The only way to record an analytics row: in the transaction of the change it describes. */
  analytics: Analytics;
  /** The analytics stream; reached at start-up or start-up fails. */
  stream: StreamPort;
}

/** The two encryption keys of SPEC 2.5 and 5.9; a write without its key is a clear runtime error. */
export class SecretBoxes {
  private readonly auth: SecretBox | undefined;
  private readonly config: SecretBox | undefined;

  constructor(settings: Pick<Settings, 'auth' | 'configEncryptionKey'>) {
    this.auth = settings.auth.encryptionKey && new SecretBox(settings.auth.encryptionKey, 'auth');
    this.config = settings.configEncryptionKey && new SecretBox(settings.configEncryptionKey, 'config');
  }

  /** KEEL_AUTH_ENCRYPTION_KEY: OAuth provider secrets and per-user provider tokens. */
  authBox(): SecretBox {
    if (!this.auth) {
      throw new AppError(
        503,
        'auth_encryption_key_missing',
        'KEEL_AUTH_ENCRYPTION_KEY is not set, so secrets of login providers cannot be stored or read',
      );
    }
    return this.auth;
  }

  /** KEEL_CONFIG_ENCRYPTION_KEY: AI provider credentials. */
  configBox(): SecretBox {
    if (!this.config) {
      throw new AppError(
        503,
        'config_encryption_key_missing',
        'KEEL_CONFIG_ENCRYPTION_KEY is not set, so provider credentials cannot be stored or read',
      );
    }
    return this.config;
  }
}
