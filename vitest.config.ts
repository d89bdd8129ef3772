import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    pool: 'forks',
    // Two test files at a time even on two cores (vitest's default is cores - 1, one file there): most
    // files wait on PostgreSQL, NATS, ClickHouse or a child process, so the second core is free. Each
    // file has a database of its own (test/support/harness.ts). On a two-core machine the 170 files took
    // 974 s two at a time; one at a time, the 147 files of the day before had taken 1,087 s.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // A worker runs its files one after another in one process, its modules imported once. Each file
    // still has its own database and apps (test/support/harness.ts); what the files of a process share
    // is its module state: the metrics registry (a test reads the series of its own labels) and the
    // data directory of its apps. On a slow two-core machine the 186 files took 1,398 s isolated (a
    // pgbench beside it for about a minute) and 1,002 s not (999 s with the files shuffled, all
    // green): importing the modules again for every file had cost 479 s of the workers' time, against 27 s.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ['default'],
  },
});
