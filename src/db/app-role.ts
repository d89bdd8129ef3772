// Embedded mode: the service connects as a role that is not a superuser. The cluster's owner (the
// superuser initdb made) runs the migrations; the application role may read and write the tables and
// nothing more, so a SQL injection or a stolen pool cannot read files, run programs or drop tables.
import { createHash, createHmac, pbkdf2Sync, randomBytes } from 'node:crypto';
import type { Queryable } from './sql.js';

/** The role Keel's own pools log in as in embedded mode. */
export const APP_ROLE = 'keel_app';

const SCRAM_ITERATIONS = 4096;

/**
 * The SCRAM-SHA-256 verifier PostgreSQL stores for a password (RFC 5802, 7677). CREATE and ALTER ROLE
 * accept it in place of the password, so the password itself never reaches the server's statement
 * text (nor a log of it).
 */
export function scramVerifier(password: string, salt = randomBytes(16)): string {
  const salted = pbkdf2Sync(password.normalize('NFKC'), salt, SCRAM_ITERATIONS, 32, 'sha256');
  const clientKey = createHmac('sha256', salted).update('Client Key').digest();
  const storedKey = createHash('sha256').update(clientKey).digest();
  const serverKey = createHmac('sha256', salted).update('Server Key').digest();
  return `SCRAM-SHA-256$${SCRAM_ITERATIONS}:${salt.toString('base64')}$${storedKey.toString('base64')}:${serverKey.toString('base64')}`;
}

const quoteLiteral = (s: string) => `'${s.replace(/'/g, "''")}'`;

/**
 * Creates the application role, or sets its password (the data dir holds the one that counts), and
 * gives it the data: every table and sequence of every schema the owner made, now and on each start
 * (after migrations, so tables a new version adds are covered). Idempotent; run as the owner.
 */
export async function ensureAppRole(owner: Queryable, password: string): Promise<void> {
  const verifier = quoteLiteral(scramVerifier(password));
  const exists = await owner.one('SELECT 1 FROM pg_roles WHERE rolname = $1', [APP_ROLE]);
  const attributes = 'LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS';
  await owner.query(
    `${exists ? 'ALTER' : 'CREATE'} ROLE ${APP_ROLE} WITH ${attributes} PASSWORD ${verifier}`,
  );
  const schemas = await owner.query<{ name: string }>(
    `SELECT quote_ident(nspname) AS name FROM pg_namespace
      WHERE (nspname = 'public' OR nspowner = (SELECT oid FROM pg_roles WHERE rolname = current_user))
        AND nspname NOT LIKE 'pg\\_%' AND nspname <> 'information_schema'`,
  );
  for (const { name } of schemas) {
    await owner.query(`GRANT USAGE ON SCHEMA ${name} TO ${APP_ROLE}`);
    await owner.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA ${name} TO ${APP_ROLE}`);
    await owner.query(`GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA ${name} TO ${APP_ROLE}`);
  }
}
