// A replica's calls to the API share a bounded pool of kept-alive connections: 300 jobs due in the same
// second open at most API_CONNECTIONS connections, where one connection per call overflowed the API's
// accept queue and left dropped connections to TCP's one-second retry (docs/scheduler.md).
import type { Socket } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { API_CONNECTIONS } from '../../src/scheduler/keel-client.js';
import { insertSchedule } from '../../src/scheduler/store.js';
import { ManualClock, dueSystemSchedule, startSchedulerApp, type SchedulerApp } from './support.js';

const JOBS = 300;
let app: SchedulerApp;
const clock = new ManualClock(Date.parse('2033-01-01T00:00:00Z'));

beforeAll(async () => {
  app = await startSchedulerApp({ clock });
});
afterAll(() => app.close());

it(`${JOBS} jobs due at once reach the API over at most ${API_CONNECTIONS} connections`, async () => {
  for (let i = 0; i < JOBS; i++) {
    await insertSchedule(
      app.runtime.core.sql,
      dueSystemSchedule(`burst-${i}`, `/health?n=${i}`, clock.now()),
    );
  }
  const sockets = new Set<Socket>();
  const count = (s: Socket) => sockets.add(s);
  app.api.server.on('connection', count);
  try {
    await app.scheduler.engine.runDue();
    await app.scheduler.engine.settle();
  } finally {
    app.api.server.off('connection', count);
  }
  const states = await app.runtime.core.sql.query<{ state: string; n: number }>(
    `SELECT state, count(*)::int AS n FROM scheduler.runs WHERE schedule_slug LIKE 'burst-%' GROUP BY state`,
  );
  expect(states).toEqual([{ state: 'succeeded', n: JOBS }]);
  expect(sockets.size).toBeGreaterThan(1);
  expect(sockets.size).toBeLessThanOrEqual(API_CONNECTIONS);
});
