// The embedded default's data directory (`npm start`): run as root, Keel's PostgreSQL runs as the
// postgres system user, which must be able to enter every directory on the way to `data/pg`. A data
// directory made 0700 (the analytics store once created it so) failed with initdb's "Permission
// denied"; now Keel opens its own directory to entering (o+x) and names any directory above it that
// blocks the way.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { chdbStore } from '../../src/analytics/store/chdb.js';
import { openPathForServer, startEmbeddedPostgres } from '../../src/db/embedded.js';
import { createSql } from '../../src/db/sql.js';

const isRoot = os.userInfo().uid === 0;
/** A user that owns nothing here and is in no group of these directories: it enters by the x bit for others. */
const STRANGER = { uid: 54_321, gid: 54_321 };

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

function base(mode: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'keel-data-dir-'));
  fs.chmodSync(dir, mode);
  dirs.push(dir);
  return dir;
}

const modeOf = (dir: string) => fs.statSync(dir).mode & 0o777;

describe('the embedded data directory', () => {
  it('is left enterable by the analytics store, which keeps its own directory private', async () => {
    const root = base(0o755);
    const store = chdbStore(path.join(root, 'data', 'analytics'));
    try {
      expect(modeOf(path.join(root, 'data'))).toBe(0o755);
      expect(modeOf(path.join(root, 'data', 'analytics'))).toBe(0o700);
    } finally {
      await store.close();
    }
  });

  it("opens Keel's own directory to entering (o+x), and nothing more", () => {
    const root = base(0o755);
    const data = path.join(root, 'data');
    fs.mkdirSync(data, { mode: 0o700 });
    fs.chmodSync(data, 0o700);
    openPathForServer(path.join(data, 'pg'), STRANGER);
    expect(modeOf(data)).toBe(0o701);
    // A second start changes nothing.
    openPathForServer(path.join(data, 'pg'), STRANGER);
    expect(modeOf(data)).toBe(0o701);
  });

  it('names a directory above it that the server cannot enter, with the fix, and leaves it as it is', () => {
    const root = base(0o700);
    const data = path.join(root, 'data');
    fs.mkdirSync(data, { mode: 0o755 });
    expect(() => openPathForServer(path.join(data, 'pg'), STRANGER)).toThrow(
      `cannot enter ${root} (mode 700); set KEEL_DATA_DIR to a directory outside it, allow others to enter it (chmod o+x ${root})`,
    );
    expect(modeOf(root)).toBe(0o700);
  });

  it("counts the server's own user and group bits", () => {
    const root = base(0o755);
    const data = path.join(root, 'data');
    fs.mkdirSync(path.join(data, 'keel'), { recursive: true });
    const st = fs.statSync(data);
    fs.chmodSync(data, 0o710);
    // The server in the directory's group enters by the group's x bit: nothing is changed.
    openPathForServer(path.join(data, 'pg'), { uid: STRANGER.uid, gid: st.gid });
    expect(modeOf(data)).toBe(0o710);
    // Its owner without the owner's x bit does not, whatever the others' bit says.
    fs.chmodSync(data, 0o601);
    expect(() =>
      openPathForServer(path.join(data, 'keel', 'pg'), { uid: st.uid, gid: STRANGER.gid }),
    ).toThrow(`cannot enter ${data} (mode 601)`);
  });

  it.runIf(isRoot)(
    'starts as root in a data directory left at 0700 by an earlier version',
    async () => {
      const root = base(0o755);
      const data = path.join(root, 'data');
      fs.mkdirSync(path.join(data, 'analytics'), { recursive: true, mode: 0o700 });
      fs.chmodSync(data, 0o700);
      const db = await startEmbeddedPostgres(path.join(data, 'pg'), 'data-dir-test-password');
      try {
        const sql = createSql(db.url, 1);
        try {
          expect(await sql.one<{ ok: number }>('SELECT 1 AS ok')).toEqual({ ok: 1 });
        } finally {
          await sql.close();
        }
      } finally {
        await db.stop();
      }
      expect(modeOf(data)).toBe(0o701);
      expect(modeOf(path.join(data, 'analytics'))).toBe(0o700);
    },
    120_000,
  );
});
