// Pipeline health (admins): outbox, relay and per-sink connector figures from GET /admin/pipeline, the
// same numbers /metrics exports, refreshed every few seconds.
import { useEffect } from 'preact/hooks';
import { client, must } from '../api';
import { Page, Problem, Table, useLoad, when } from '../ui';

interface Health {
  measured_at: string;
  outbox: {
    depth: number | null;
    lag_seconds: number | null;
    published_total: number;
    publish_errors_total: number;
  };
  sinks: {
    sink: string;
    table: string;
    lag: number | null;
    rows_written_total: number;
    dead_lettered_total: number;
    retries_total: number;
  }[];
}

export const REFRESH_MS = 3000;
const n = (v: number | null) => (v === null ? 'not measured here' : v.toLocaleString());

export function Pipeline() {
  const health = useLoad(() => must(client.GET('/admin/pipeline')) as Promise<Health>);
  useEffect(() => {
    const t = setInterval(health.reload, REFRESH_MS);
    return () => clearInterval(t);
  }, [health.reload]);
  const h = health.data;
  return (
    <Page title="Pipeline health">
      <Problem error={health.error} />
      {h && (
        <>
          <p class="hint" aria-live="off">
            Updated {when(h.measured_at)} · refreshed every {REFRESH_MS / 1000} s · figures of the process
            serving this page
          </p>
          <h2>Outbox and relay</h2>
          <dl class="facts" data-section="outbox">
            <dt>Outbox depth (rows waiting)</dt>
            <dd data-figure="depth">{n(h.outbox.depth)}</dd>
            <dt>Relay lag (oldest waiting row)</dt>
            <dd data-figure="lag">{h.outbox.lag_seconds === null ? n(null) : `${h.outbox.lag_seconds} s`}</dd>
            <dt>Rows published</dt>
            <dd>{n(h.outbox.published_total)}</dd>
            <dt>Publish errors</dt>
            <dd>{n(h.outbox.publish_errors_total)}</dd>
          </dl>
          <h2>Connector sinks</h2>
          {h.sinks.length === 0 ? (
            <p>No sink has reported in this process.</p>
          ) : (
            <Table
              caption="Connector sinks"
              columns={['Sink', 'Table', 'Lag (messages)', 'Rows written', 'Dead-lettered rows', 'Retries']}
              rows={h.sinks.length}
            >
              {h.sinks.map((s) => (
                <tr key={`${s.sink}/${s.table}`} data-sink={s.sink}>
                  <td>{s.sink}</td>
                  <td>{s.table}</td>
                  <td>{n(s.lag)}</td>
                  <td>{n(s.rows_written_total)}</td>
                  <td class={s.dead_lettered_total > 0 ? 'field-error' : ''}>{n(s.dead_lettered_total)}</td>
                  <td>{n(s.retries_total)}</td>
                </tr>
              ))}
            </Table>
          )}
        </>
      )}
    </Page>
  );
}
