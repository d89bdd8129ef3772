// The built console (console/dist) held in memory: each file with its type and a gzipped copy.
// Read once, on the first request after a build; a missing build is a clear 503, never a 500.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export interface Asset {
  type: string;
  body: Buffer;
  gzipped: Buffer;
  /** Vite names files under assets/ by content hash: they never change, so they may be cached for good. */
  immutable: boolean;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
};

export const CONSOLE_DIST = path.resolve(import.meta.dirname, '../../console/dist');

function walk(dir: string, prefix = ''): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory() ? walk(path.join(dir, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`],
    );
}

/** Every file of a build by its path relative to the build directory; null when there is no build. */
export function loadAssets(dir: string = CONSOLE_DIST): Map<string, Asset> | null {
  if (!fs.existsSync(path.join(dir, 'index.html'))) return null;
  const assets = new Map<string, Asset>();
  for (const rel of walk(dir)) {
    const type = TYPES[path.extname(rel)];
    if (!type) continue;
    const body = fs.readFileSync(path.join(dir, rel));
    assets.set(rel, {
      type,
      body,
      gzipped: gzipSync(body, { level: 9 }),
      immutable: rel.startsWith('assets/'),
    });
  }
  return assets;
}
