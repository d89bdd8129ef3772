// A SIGTERM lets Keel's orderly stop finish: no other handler in the process (the embedded
// PostgreSQL's library installs one that exits with 143 once its servers are down) cuts it short.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const fixture = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'signal-race.ts');

describe('signals', () => {
  it('SIGTERM waits for the orderly stop and exits 0', () => {
    const started = Date.now();
    const res = spawnSync(process.execPath, ['--import', 'tsx', fixture], {
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(res.status, res.stderr).toBe(0);
    expect(Date.now() - started).toBeGreaterThanOrEqual(500);
  });
});
