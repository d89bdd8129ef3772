// Embedded mode: secrets that are not configured are generated once and kept in the data dir (0600).
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { generateSigningKey } from '../crypto/jwt.js';
import type { Settings } from './settings.js';

interface StoredSecrets {
  jwt_private_key: string;
  auth_encryption_key: string;
  config_encryption_key: string;
  /** The cluster owner's (superuser) password: migrations and role setup only. */
  postgres_password: string;
  /** The password of the application role the service connects as (src/db/app-role.ts). */
  postgres_app_password: string;
  connector_api_key: string;
  [k: string]: string;
}

export function secretsFile(dataDir: string): string {
  return path.join(dataDir, 'secrets.json');
}

export function loadOrCreateSecrets(dataDir: string): StoredSecrets {
  const file = secretsFile(dataDir);
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o755 });
  let stored: Partial<StoredSecrets> = {};
  if (fs.existsSync(file)) stored = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<StoredSecrets>;
  const complete: StoredSecrets = {
    ...stored,
    jwt_private_key: stored.jwt_private_key ?? generateSigningKey(),
    auth_encryption_key: stored.auth_encryption_key ?? randomBytes(32).toString('base64'),
    config_encryption_key: stored.config_encryption_key ?? randomBytes(32).toString('base64'),
    postgres_password: stored.postgres_password ?? randomBytes(18).toString('base64url'),
    postgres_app_password: stored.postgres_app_password ?? randomBytes(18).toString('base64url'),
    connector_api_key: stored.connector_api_key ?? randomBytes(32).toString('base64url'),
  };
  if (JSON.stringify(complete) !== JSON.stringify(stored)) {
    fs.writeFileSync(file, JSON.stringify(complete, null, 2), { mode: 0o600 });
  }
  fs.chmodSync(file, 0o600);
  return complete;
}

/** Fills the secrets the environment did not set from the data dir (embedded mode only). */
export function withDataDirSecrets(settings: Settings, stored: StoredSecrets): Settings {
  return {
    ...settings,
    auth: {
      ...settings.auth,
      jwtPrivateKey: settings.auth.jwtPrivateKey ?? stored.jwt_private_key,
      encryptionKey: settings.auth.encryptionKey ?? Buffer.from(stored.auth_encryption_key, 'base64'),
    },
    configEncryptionKey: settings.configEncryptionKey ?? Buffer.from(stored.config_encryption_key, 'base64'),
    connector: { ...settings.connector, apiKey: settings.connector.apiKey ?? stored.connector_api_key },
  };
}

/** Other values Keel keeps for itself in the data dir (e.g. the built-in scheduler's credential). */
export function storeSecret(dataDir: string, name: string, value: string): void {
  const current = loadOrCreateSecrets(dataDir);
  fs.writeFileSync(secretsFile(dataDir), JSON.stringify({ ...current, [name]: value }, null, 2), {
    mode: 0o600,
  });
}
