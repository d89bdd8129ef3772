// GET /admin/pipeline (admins): the analytics pipeline's health as JSON, read from the same registry that
// GET /metrics exports (src/observability), so the console and Prometheus always show the same figures.
import { Type } from 'typebox';
import type { Domain } from '../../kernel/domain.js';
import { isAdminUser } from '../../kernel/context.js';
import { forbidden } from '../../http/errors.js';
import { responses } from '../../http/schemas.js';
import { authOf } from '../../kernel/route.js';
import { registry, scrape } from '../../observability/metrics.js';

type Values = { value: number; labels: Record<string, string | number | undefined> }[];

/** The current values of one metric of the registry (none when no module of this process registered it). */
async function values(name: string): Promise<Values> {
  const metric = registry.getSingleMetric(name);
  return metric ? ((await metric.get()).values as Values) : [];
}

const total = (v: Values) => v.reduce((sum, x) => sum + x.value, 0);

const Sink = Type.Object({
  sink: Type.String(),
  table: Type.String(),
  lag: Type.Union([Type.Number(), Type.Null()], { description: 'stream head minus committed offset' }),
  rows_written_total: Type.Number(),
  dead_lettered_total: Type.Number(),
  retries_total: Type.Number(),
});
const PipelineHealth = Type.Object({
  measured_at: Type.String({ format: 'date-time' }),
  outbox: Type.Object({
    depth: Type.Union([Type.Number(), Type.Null()], { description: 'rows not yet published' }),
    lag_seconds: Type.Union([Type.Number(), Type.Null()], { description: 'age of the oldest waiting row' }),
    published_total: Type.Number(),
    publish_errors_total: Type.Number(),
  }),
  sinks: Type.Array(Sink),
});

export async function pipelineHealth() {
  // The probes refresh the figures that live in the database (outbox depth and lag), as a scrape does.
  await scrape();
  const [depth, lag, published, errors, lagBySink, written, dead, retries] = (await Promise.all(
    [
      'keel_outbox_depth',
      'keel_outbox_lag_seconds',
      'keel_outbox_published_rows_total',
      'keel_outbox_publish_errors_total',
      'keel_connector_lag',
      'keel_connector_rows_written_total',
      'keel_connector_dead_lettered_total',
      'keel_connector_retries_total',
    ].map(values),
  )) as Values[];
  const sinks = new Map<string, { sink: string; table: string }>();
  for (const v of [...lagBySink!, ...written!, ...dead!, ...retries!]) {
    const sink = String(v.labels.sink ?? '');
    const table = String(v.labels.table ?? '');
    if (sink) sinks.set(`${sink}\0${table}`, { sink, table });
  }
  const of = (v: Values, s: { sink: string; table: string }) =>
    v.filter((x) => x.labels.sink === s.sink && String(x.labels.table ?? '') === s.table);
  return {
    measured_at: new Date().toISOString(),
    outbox: {
      depth: depth![0]?.value ?? null,
      lag_seconds: lag![0]?.value ?? null,
      published_total: total(published!),
      publish_errors_total: total(errors!),
    },
    sinks: [...sinks.values()]
      .sort((a, b) => a.sink.localeCompare(b.sink) || a.table.localeCompare(b.table))
      .map((s) => ({
        ...s,
        lag: of(lagBySink!, s)[0]?.value ?? null,
        rows_written_total: total(of(written!, s)),
        dead_lettered_total: total(of(dead!, s)),
        retries_total: total(of(retries!, s)),
      })),
  };
}

export const pipelineHealthDomain: Domain = {
  name: 'pipeline-health',
  routes(api) {
    api.get(
      '/admin/pipeline',
      {
        schema: {
          tags: ['ops'],
          summary: "The analytics pipeline's health (admins): the figures of this process's /metrics",
          response: responses({ 200: PipelineHealth }),
        },
      },
      async (req) => {
        if (!isAdminUser(authOf(req))) throw forbidden('only admins may read the pipeline health');
        return pipelineHealth();
      },
    );
  },
};
