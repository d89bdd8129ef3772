// Per-sink connector metrics on GET /metrics (labels: the sink's stream and target table).
import { client, registry } from '../../observability/metrics.js';

const labelNames = ['sink', 'table'] as const;
const counter = (name: string, help: string) =>
  new client.Counter({ name, help, labelNames, registers: [registry] });

export const sinkMetrics = {
  rowsWritten: counter(
    'keel_connector_rows_written_total',
    'Rows the analytics store acknowledged, per sink',
  ),
  batches: counter('keel_connector_batches_total', 'Batches written and committed, per sink'),
  retries: counter('keel_connector_retries_total', 'Retried store, commit or fetch operations, per sink'),
  deadLettered: counter(
    'keel_connector_dead_lettered_total',
    'Rows written to the dead-letter table, per sink',
  ),
  lag: new client.Gauge({
    name: 'keel_connector_lag',
    help: 'Stream head minus the consumer group committed offset, per sink',
    labelNames,
    registers: [registry],
  }),
};
