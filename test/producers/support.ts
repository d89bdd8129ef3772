// Reads what the producers left in the analytics outbox.
import { expect } from 'vitest';
import type { TestApp } from '../support/harness.js';

export interface OutboxRow {
  id: number;
  stream: string;
  topic: string;
  row: Record<string, unknown>;
  headers: Record<string, string>;
}

/** Outbox rows after `afterId`, oldest first, optionally of one topic. */
export function outbox(app: TestApp, afterId = 0, topic?: string): Promise<OutboxRow[]> {
  return app.runtime.core.sql.query<OutboxRow & Record<string, unknown>>(
    `SELECT id, stream, topic, row, headers FROM analytics_outbox
      WHERE id > $1 AND ($2::text IS NULL OR topic = $2) ORDER BY id`,
    [afterId, topic ?? null],
  );
}

export async function lastOutboxId(app: TestApp): Promise<number> {
  const r = await app.runtime.core.sql.one<{ id: number }>(
    `SELECT coalesce(max(id), 0)::int AS id FROM analytics_outbox`,
  );
  return r!.id;
}

export const metadataOf = (r: OutboxRow) => JSON.parse(r.row.metadata as string) as Record<string, unknown>;

/** Runs `fn` and returns the outbox rows it added. */
export async function recorded(app: TestApp, fn: () => Promise<unknown>): Promise<OutboxRow[]> {
  const before = await lastOutboxId(app);
  await fn();
  return outbox(app, before);
}

export function expectStatus(res: { status: number; text: string }, status: number) {
  expect(res.status, res.text).toBe(status);
}
