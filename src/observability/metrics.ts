// The one Prometheus registry of the process (GET /metrics). A module that measures something
// registers its metrics here, once, at module load; values that live in a database are read at
// scrape time through probes, so a scrape always shows the present.
import client from 'prom-client';

export const registry = new client.Registry();
registry.setDefaultLabels({ service: 'keel' });
client.collectDefaultMetrics({ register: registry });

export const httpRequests = new client.Counter({
  name: 'keel_http_requests_total',
  help: 'HTTP requests answered, by route template, method and status code',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [registry],
});

export const httpDuration = new client.Histogram({
  name: 'keel_http_request_duration_seconds',
  help: 'HTTP request latency, by route template, method and status code',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

type Probe = () => Promise<void> | void;
const probes = new Set<Probe>();

/** Runs `probe` before every scrape (until the returned function removes it). */
export function addProbe(probe: Probe): () => void {
  probes.add(probe);
  return () => probes.delete(probe);
}

/** The exposition text of every metric, after the probes refreshed theirs. */
export async function scrape(): Promise<string> {
  await Promise.all([...probes].map((p) => Promise.resolve(p()).catch(() => {})));
  return registry.metrics();
}

export const contentType = registry.contentType;
export { client };

export const poolConnections = new client.Gauge({
  name: 'keel_db_pool_connections',
  help: 'PostgreSQL pool connections: total, idle, and requests waiting for one',
  labelNames: ['state'] as const,
  registers: [registry],
});
