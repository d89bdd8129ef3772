#!/usr/bin/env -S node --max-semi-space-size=64
// --max-semi-space-size=64: a young generation large enough that a request's objects die young
// under load (docs/configuration.md, "Memory"); `npm start` and the benchmarks run Keel the same way.
//
// Runs the compiled service (dist/, made by `npm run build`) when it is there and no source file
// changed since it was built: production needs no TypeScript loader. Otherwise (a checkout after
// `npm ci`, or sources edited after a build) it runs the TypeScript sources through tsx, a
// development dependency. KEEL_FROM_SOURCES=1 always runs the sources (docs/deployment-build.md).
import fs from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const compiled = path.join(root, 'dist', 'cli', 'main.js');
const sources = path.join(root, 'src');

/** True when a file under `dir` is newer than `than` (ms): the build is behind the sources. */
function changedSince(dir, than) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory() ? changedSince(p, than) : fs.statSync(p).mtimeMs > than) return true;
  }
  return false;
}

function useCompiled() {
  if (process.env.KEEL_FROM_SOURCES === '1' || !fs.existsSync(compiled)) return false;
  // An install that ships dist/ without src/ has nothing to compare with.
  if (!fs.existsSync(sources)) return true;
  if (!changedSince(sources, fs.statSync(compiled).mtimeMs)) return true;
  process.stderr.write('keel: src/ changed after the last `npm run build`; running the sources with tsx\n');
  return false;
}

if (useCompiled()) {
  await import(pathToFileURL(compiled).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/cli/main.ts');
}
