// Backups as docs/deployment.md describes them, taken from the running cluster and restored next to
// the originals: PostgreSQL with pg_dump -Fc / pg_restore into a new database, ClickHouse with
// BACKUP DATABASE ... TO File(...) / RESTORE DATABASE ... AS ... (needs <backups><allowed_path>).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const PG_BIN = '/usr/lib/postgresql/15/bin';

export interface BackupOptions {
  pgUrl: (db: string) => string;
  dumpFile: string;
  ch: (sql: string) => Promise<string>;
  /** a statement with the query in the URL and `body` as its data; the answer as bytes */
  chRaw: (sql: string, body?: Buffer) => Promise<Buffer>;
  chBackupDir: string;
  log: (msg: string) => void;
}

export interface BackupResult {
  pgDumpBytes: number;
  pgDumpSeconds: number;
  pgRestoreSeconds: number;
  chBackupSeconds: number;
  chRestoreSeconds: number;
  /** the restored copies, to be checked like the originals */
  pgRestored: string;
  chRestored: string;
}

function run(cmd: string, args: string[]): void {
  const r = spawnSync(cmd, args, { encoding: 'utf8', timeout: 600_000 });
  if (r.status !== 0) throw new Error(`${path.basename(cmd)} failed (${r.status}): ${r.stderr}`);
}

export async function backupAndRestore(o: BackupOptions): Promise<BackupResult> {
  let t = Date.now();
  // The password goes in the URL given to libpq; it is never printed.
  run(`${PG_BIN}/pg_dump`, ['--format=custom', `--file=${o.dumpFile}`, `--dbname=${o.pgUrl('keel')}`]);
  const pgDumpSeconds = (Date.now() - t) / 1000;
  const pgDumpBytes = fs.statSync(o.dumpFile).size;
  t = Date.now();
  run(`${PG_BIN}/createdb`, [`--maintenance-db=${o.pgUrl('postgres')}`, 'keel_restored']);
  run(`${PG_BIN}/pg_restore`, [
    '--no-owner',
    '--exit-on-error',
    `--dbname=${o.pgUrl('keel_restored')}`,
    o.dumpFile,
  ]);
  const pgRestoreSeconds = (Date.now() - t) / 1000;
  o.log(
    `PostgreSQL: pg_dump ${(pgDumpBytes / 1e6).toFixed(1)} MB in ${pgDumpSeconds.toFixed(1)}s, restored into keel_restored in ${pgRestoreSeconds.toFixed(1)}s`,
  );

  // ClickHouse: each table's definition (SHOW CREATE TABLE) and rows (FORMAT Native) into files, then
  // both loaded into a new database. Works on every ClickHouse version (Debian ships 18.16, which has no
  // BACKUP statement; on 22.8 and later BACKUP DATABASE ... TO File(...) does the same in one statement).
  t = Date.now();
  fs.mkdirSync(o.chBackupDir, { recursive: true });
  const tables = (
    await o.ch(`SELECT name FROM system.tables WHERE database = 'keel' ORDER BY name FORMAT TabSeparated`)
  )
    .split('\n')
    .filter(Boolean);
  let chBackupBytes = 0;
  for (const table of tables) {
    if (!/^[a-z_][a-z0-9_]*$/.test(table)) throw new Error(`unexpected table name ${table}`);
    const create = (await o.ch(`SHOW CREATE TABLE keel.${table} FORMAT TabSeparatedRaw`)).trim();
    fs.writeFileSync(path.join(o.chBackupDir, `${table}.sql`), create);
    const rows = await o.chRaw(`SELECT * FROM keel.${table} FORMAT Native`);
    fs.writeFileSync(path.join(o.chBackupDir, `${table}.native`), rows);
    chBackupBytes += rows.length;
  }
  const chBackupSeconds = (Date.now() - t) / 1000;
  t = Date.now();
  await o.ch('CREATE DATABASE keel_restored');
  for (const table of tables) {
    const create = fs.readFileSync(path.join(o.chBackupDir, `${table}.sql`), 'utf8');
    await o.ch(create.replace(/^CREATE TABLE keel\./, 'CREATE TABLE keel_restored.'));
    await o.chRaw(
      `INSERT INTO keel_restored.${table} FORMAT Native`,
      fs.readFileSync(path.join(o.chBackupDir, `${table}.native`)),
    );
  }
  const chRestoreSeconds = (Date.now() - t) / 1000;
  o.log(
    `ClickHouse: ${tables.length} tables dumped (${(chBackupBytes / 1e6).toFixed(1)} MB) in ${chBackupSeconds.toFixed(1)}s, restored into keel_restored in ${chRestoreSeconds.toFixed(1)}s`,
  );
  return {
    pgDumpBytes,
    pgDumpSeconds,
    pgRestoreSeconds,
    chBackupSeconds,
    chRestoreSeconds,
    pgRestored: 'keel_restored',
    chRestored: 'keel_restored',
  };
}
