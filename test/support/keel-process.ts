// How tests start `keel` as a process of its own. By default the TypeScript sources, through tsx;
// with KEEL_TEST_COMPILED=1 the compiled service (`npm run build` -> dist/), with no TypeScript loader,
// as production runs it: the same test files then prove the compiled service behaves as the sources.
import fs from 'node:fs';
import path from 'node:path';

export const KEEL_ROOT = path.resolve(import.meta.dirname, '../..');
const SOURCES = path.join(KEEL_ROOT, 'src/cli/main.ts');
const COMPILED = path.join(KEEL_ROOT, 'dist/cli/main.js');

export function testsCompiled(): boolean {
  return process.env.KEEL_TEST_COMPILED === '1';
}

/** The newest modification time of a file under `dir`, in ms. */
function newest(dir: string): number {
  let latest = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    latest = Math.max(latest, e.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
  }
  return latest;
}

let checked = false;
function compiledEntry(): string {
  if (!checked) {
    if (!fs.existsSync(COMPILED)) {
      throw new Error('KEEL_TEST_COMPILED=1, but dist/cli/main.js is missing: run `npm run build` first');
    }
    if (newest(path.join(KEEL_ROOT, 'src')) > fs.statSync(COMPILED).mtimeMs) {
      throw new Error(
        'KEEL_TEST_COMPILED=1, but src/ changed after the last build: run `npm run build` again',
      );
    }
    checked = true;
  }
  return COMPILED;
}

/**
 * The command line of `keel <args>`: `node --import tsx src/cli/main.ts ...`, or with
 * KEEL_TEST_COMPILED=1 `node dist/cli/main.js ...`. Use as `spawn(command, args, ...)`.
 */
export function keelCommand(...args: string[]): { command: string; args: string[] } {
  return testsCompiled()
    ? { command: process.execPath, args: [compiledEntry(), ...args] }
    : { command: process.execPath, args: ['--import', 'tsx', SOURCES, ...args] };
}

/** keelCommand as spawn's first two arguments: `spawn(...keelArgv('api'), options)`. */
export function keelArgv(...args: string[]): [string, string[]] {
  const { command, args: argv } = keelCommand(...args);
  return [command, argv];
}
