// SQL of the analytics outbox: its migrations, and the statements the relay runs.
import type { Migration } from '../db/migrate.js';

export const analyticsMigrations: Migration[] = [
  {
    id: '0003_analytics_outbox',
    sql: `
      CREATE TABLE analytics_outbox (
        id bigserial PRIMARY KEY,
        stream text NOT NULL,
        topic text NOT NULL,
        row jsonb NOT NULL,
        headers jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz
      );
      CREATE INDEX analytics_outbox_unsent ON analytics_outbox (id) WHERE sent_at IS NULL;
    `,
  },
];
