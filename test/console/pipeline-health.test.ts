// GET /admin/pipeline: admins read the pipeline figures /metrics exports, as JSON; nobody else does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sinkMetrics } from '../../src/analytics/connector/metrics.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import { clientToken, setupScheduler } from '../delegation/helpers.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app?.close());

describe('GET /admin/pipeline', () => {
  it('is refused to anonymous callers (401) and to users who are not admins (403)', async () => {
    const anonymous = await app.call('GET', '/admin/pipeline');
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers['content-type']).toContain('application/problem+json');
    const user = await app.user('viewer@example.com', { roles: ['member'] });
    const refused = await app.call('GET', '/admin/pipeline', { token: user });
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe('only admins may read the pipeline health');
    expect(refused.text).not.toContain('outbox');
    // A service account, however many permissions its roles hold, is no admin.
    const scheduler = await clientToken(app, await setupScheduler(app));
    expect((await app.call('GET', '/admin/pipeline', { token: scheduler })).status).toBe(403);
  });

  it('gives admins the same per-sink figures as /metrics', async () => {
    const labels = { sink: 'operations_log', table: 'operations_log_events' };
    sinkMetrics.deadLettered.inc(labels, 3);
    sinkMetrics.rowsWritten.inc(labels, 40);
    sinkMetrics.lag.set(labels, 7);
    const res = await app.call('GET', '/admin/pipeline', { token: await app.adminToken() });
    expect(res.status).toBe(200);
    expect(Date.parse(res.body.measured_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(typeof res.body.outbox.published_total).toBe('number');
    // The figures live in the process's registry, which other apps of this test process may have
    // labelled with other tables: this test's series is the one of its labels.
    const sink = res.body.sinks.find(
      (s: { sink: string; table: string }) => s.sink === labels.sink && s.table === labels.table,
    );
    expect(sink).toMatchObject({ table: 'operations_log_events', lag: 7 });
    expect(sink.dead_lettered_total).toBeGreaterThanOrEqual(3);
    // The figure is the one the Prometheus exposition carries.
    const metrics = await app.call('GET', '/metrics');
    const line = metrics.text
      .split('\n')
      .find(
        (l) =>
          l.startsWith('keel_connector_dead_lettered_total{') &&
          l.includes(`sink="${labels.sink}"`) &&
          l.includes(`table="${labels.table}"`),
      );
    expect(Number(line!.split(' ').pop())).toBe(sink.dead_lettered_total);
  });
});
