// Test producers of analytics rows.
import { randomUUID } from 'node:crypto';
import { Type } from 'typebox';
import { outboxAnalytics } from '../../src/analytics/outbox/record.js';
import { clickhouseTime } from '../../src/analytics/topology/shapes.js';
import type { RowOf } from '../../src/analytics/topology/topology.js';
import type { Domain } from '../../src/kernel/domain.js';

const recorder = outboxAnalytics();

export const eventRow = (summary: string, extra: Partial<RowOf<'events'>> = {}): RowOf<'events'> => ({
  event_id: randomUUID(),
  event_type: 'project.created',
  source: 'lifecycle',
  organization: 'acme',
  project: 'web',
  environment: null,
  subject_id: randomUUID(),
  principal_name: 'ann@example.com',
  actor_name: null,
  summary,
  metadata: '{}',
  occurred_at: clickhouseTime(),
  version: Date.now(),
  ...extra,
});

/** A producer for these tests: records one row in the transaction of the request. */
export const producerDomain: Domain = {
  name: 'test-producer',
  routes: (api, core) => {
    api.post(
      '/test/record',
      {
        config: { public: true },
        schema: {
          body: Type.Object({ summary: Type.String(), bad: Type.Optional(Type.Boolean()) }),
          response: { 201: Type.Object({ ok: Type.Boolean() }) },
        },
      },
      async (request, reply) => {
        const row = eventRow(request.body.summary);
        await core.sql.tx(async (tx) => {
          await tx.query('SELECT 1');
          await recorder.record(tx, 'events', 'lifecycle', [
            request.body.bad ? ({ ...row, occurred_at: 'yesterday' } as typeof row) : row,
          ]);
        });
        return reply.code(201).send({ ok: true });
      },
    );
  },
};
