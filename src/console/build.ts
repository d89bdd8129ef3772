// Builds the console (console/ -> console/dist) when its sources changed since the last build. Run by
// `npm start` (prestart), `npm run build:console` and the browser tests; the server itself never builds.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '../..');
const consoleDir = path.join(root, 'console');
export const DIST = path.join(consoleDir, 'dist');
const STAMP = '.sources-hash';

function files(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

/** A hash of everything the build reads: the console's sources, the shared scheduler modules, the lock file. */
export function sourcesHash(): string {
  const inputs = [
    ...files(path.join(consoleDir, 'src')),
    path.join(consoleDir, 'index.html'),
    path.join(consoleDir, 'vite.config.ts'),
    path.join(root, 'src/scheduler/cron.ts'),
    path.join(root, 'src/scheduler/every.ts'),
    path.join(root, 'package-lock.json'),
  ].sort();
  const hash = createHash('sha256');
  for (const f of inputs) hash.update(path.relative(root, f)).update('\0').update(fs.readFileSync(f));
  return hash.digest('hex');
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Runs `fn` holding the build lock (a directory beside console/dist holding the builder's pid): the
 * browser test files start together and would otherwise each run the same build at once, on the same
 * cores as the other files' servers and browsers. A lock whose process has ended is taken over.
 */
async function withBuildLock<T>(fn: () => Promise<T>): Promise<T> {
  const lock = `${DIST}.lock`;
  const owner = path.join(lock, 'pid');
  for (;;) {
    try {
      fs.mkdirSync(lock);
      fs.writeFileSync(owner, String(process.pid));
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const pid = Number(fs.existsSync(owner) ? fs.readFileSync(owner, 'utf8') : '');
      // No pid a minute after the lock was made: its maker ended before writing it.
      const orphan =
        !pid && Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? 0) > 60_000;
      if ((pid > 0 && !alive(pid)) || orphan) fs.rmSync(lock, { recursive: true, force: true });
      else await new Promise((r) => setTimeout(r, 200));
    }
  }
  try {
    return await fn();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

/** Builds unless console/dist already holds a build of these sources; true when it built. */
export async function ensureConsoleBuilt(options: { quiet?: boolean } = {}): Promise<boolean> {
  const hash = sourcesHash();
  const stamp = path.join(DIST, STAMP);
  const current = () => fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === hash;
  if (current()) return false;
  // Another process may have built these sources while this one waited for the lock.
  return withBuildLock(async () => !current() && (await build(hash, options)));
}

async function build(hash: string, options: { quiet?: boolean }): Promise<true> {
  // Build beside the live directory and swap, so a server or a concurrent build never sees half a build.
  const tmp = `${DIST}.tmp-${process.pid}`;
  const vite = await import('vite');
  // A test runner sets NODE_ENV=test, which would give a development build of Preact: always production.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await vite.build({
      configFile: path.join(consoleDir, 'vite.config.ts'),
      mode: 'production',
      logLevel: options.quiet ? 'warn' : 'info',
      build: { outDir: tmp, emptyOutDir: true },
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  fs.writeFileSync(path.join(tmp, STAMP), hash);
  const old = `${DIST}.old-${process.pid}`;
  if (fs.existsSync(DIST)) fs.renameSync(DIST, old);
  fs.renameSync(tmp, DIST);
  fs.rmSync(old, { recursive: true, force: true });
  return true;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  ensureConsoleBuilt().then(
    (built) => {
      if (!built) process.stdout.write('console: build is up to date\n');
    },
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
