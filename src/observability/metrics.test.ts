// The HTTP request metrics are kept in plain numbers and read at scrape time; what /metrics shows must
// be what prom-client's own Counter and Histogram would show for the same requests.
import { describe, expect, it } from 'vitest';
import { client, HTTP_BUCKETS, recordHttp, scrape } from './metrics.js';

/** The exposition lines of `route`, without the registry's default label. */
const linesOf = (text: string, route: string) =>
  text
    .split('\n')
    .filter((l) => l.includes(`route="${route}"`))
    .map((l) => l.replace(/,?service="keel"/, '').replace('{,', '{'))
    .sort();

describe('HTTP request metrics', () => {
  it('scrape like a prom-client Counter and Histogram fed the same requests', async () => {
    const route = `/metrics-test/${Math.random().toString(36).slice(2)}`;
    const requests: Array<[string, number, number]> = [
      ['GET', 200, 0.0004],
      ['GET', 200, 0.001], // on a bound: counted in that bucket (le is "less or equal")
      ['GET', 200, 0.003],
      ['GET', 200, 0.7],
      ['GET', 200, 12], // above every bound: only in +Inf
      ['GET', 404, 0.002],
      ['POST', 201, 0.02],
    ];
    const reference = new client.Registry();
    const counter = new client.Counter({
      name: 'keel_http_requests_total',
      help: 'h',
      labelNames: ['method', 'route', 'status'],
      registers: [reference],
    });
    const histogram = new client.Histogram({
      name: 'keel_http_request_duration_seconds',
      help: 'h',
      labelNames: ['method', 'route', 'status'],
      buckets: HTTP_BUCKETS,
      registers: [reference],
    });
    for (const [method, status, seconds] of requests) {
      recordHttp(method, route, status, seconds);
      const labels = { method, route, status: String(status) };
      counter.inc(labels);
      histogram.observe(labels, seconds);
    }
    const ours = linesOf(await scrape(), route);
    expect(ours).toEqual(linesOf(await reference.metrics(), route));
    expect(ours).toContain(`keel_http_requests_total{method="GET",route="${route}",status="200"} 5`);
    expect(ours).toContain(
      `keel_http_request_duration_seconds_bucket{le="0.001",method="GET",route="${route}",status="200"} 2`,
    );
  });
});
