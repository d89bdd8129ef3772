// Where the analytics readers (activity, operations log, release components, score history) get their store,
// and how a store failure reaches a caller. docs/analytics-readers.md explains the choices:
// - KEEL_ANALYTICS_URL set: that ClickHouse server, in every run mode;
// - unset, in `keel serve`: the embedded engine the connector of the same process writes to;
// - unset elsewhere (`keel api`): no store this process can read; readers answer 503.
import type { Core } from '../../kernel/core.js';
import { ensureTables } from '../store/ddl.js';
import { openStore, storeTargetOf } from '../store/index.js';
import { AnalyticsStoreError, type AnalyticsStore, type Row } from '../store/port.js';
import { analyticsTables } from '../store/tables.js';
import { AppError } from '../../http/errors.js';

/** Seconds a caller should wait before asking again while the store is down. */
export const STORE_RETRY_AFTER_SECONDS = 5;
/** A reader never waits longer than this on the store (the connector's inserts wait longer). */
const READ_TIMEOUT_MS = 10_000;

export interface AnalyticsReader {
  /** Runs a SELECT; a store that is down or not configured is a 503 problem with Retry-After. */
  query<T extends Row = Row>(sql: (database: string) => string): Promise<T[]>;
}

interface Slot {
  store: AnalyticsStore | null;
  /** Tables created (idempotently) once per store, so a reader never fails on a missing table. */
  ready: Promise<void> | null;
}

const slots = new WeakMap<object, Slot>();
const slotOf = (settings: object): Slot => {
  let slot = slots.get(settings);
  if (!slot) slots.set(settings, (slot = { store: null, ready: null }));
  return slot;
};

export function unavailable(detail: string, code = 'analytics_store_unavailable'): AppError {
  const err = new AppError(503, code, detail);
  err.retryAfter = STORE_RETRY_AFTER_SECONDS;
  return err;
}

/**
 * The embedded engine for the readers of this process. Only `keel serve` calls it (its connector
 * writes to the same engine); elsewhere an embedded engine would stay empty forever.
 */
export function useEmbeddedStore(settings: Core['settings']): { stop(): Promise<void> } {
  const slot = slotOf(settings);
  if (settings.analyticsUrl || slot.store) return { stop: async () => {} };
  const store = openStore(storeTargetOf(settings), settings);
  slot.store = store;
  slot.ready = null;
  return {
    async stop() {
      if (slot.store === store) slot.store = null;
      await store.close();
    },
  };
}

/** Closes the reader's server connection (the embedded engine is closed by whoever opened it). */
export async function closeReaderStore(settings: Core['settings']): Promise<void> {
  const slot = slots.get(settings);
  if (!slot?.store || slot.store.transport !== 'clickhouse') return;
  const store = slot.store;
  slot.store = null;
  await store.close();
}

function storeOf(settings: Core['settings']): AnalyticsStore {
  const slot = slotOf(settings);
  if (slot.store) return slot.store;
  if (!settings.analyticsUrl) {
    throw unavailable(
      'this process has no analytics store to read: set KEEL_ANALYTICS_URL, or run keel serve ' +
        '(embedded engine)',
      'analytics_store_not_configured',
    );
  }
  slot.store = openStore(storeTargetOf(settings), settings, { requestTimeoutMs: READ_TIMEOUT_MS });
  return slot.store;
}

const READ_TABLES = new Set([
  'events',
  'operations_log',
  'release_components',
  'release_component_batches',
  'score_history',
]);

async function ensureReady(settings: Core['settings'], store: AnalyticsStore): Promise<void> {
  const slot = slotOf(settings);
  slot.ready ??= ensureTables(
    store,
    analyticsTables().filter((t) => READ_TABLES.has(t.name)),
  ).catch((err: unknown) => {
    slot.ready = null; // tried again by the next request
    throw err;
  });
  await slot.ready;
}

/** The analytics reader of a process (one store per settings object, opened on first use). */
export function analyticsReader({ settings, log }: Pick<Core, 'settings' | 'log'>): AnalyticsReader {
  return {
    async query<T extends Row = Row>(sql: (database: string) => string): Promise<T[]> {
      const store = storeOf(settings);
      try {
        await ensureReady(settings, store);
        return await store.query<T>(sql(store.database));
      } catch (err) {
        if (err instanceof AnalyticsStoreError && err.kind === 'retriable') {
          // The store's message names host and port at most, never credentials.
          log.warn({ err: err.message, transport: store.transport }, 'analytics reader: store unavailable');
          throw unavailable('the analytics store is not reachable; try again later');
        }
        throw err;
      }
    },
  };
}
