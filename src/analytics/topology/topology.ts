// The analytics topology (SPEC 6.2): the only list of streams, their topics, row shapes and target
// tables. Fixed at build time; the sink configuration (SPEC 4.7) and the connector are derived from
// it and from nothing else. docs/analytics.md carries the same assignment as a table.
import type { Static, TSchema } from 'typebox';
import {
  CommitDriftRow,
  CommitRow,
  DocumentReadEventRow,
  DocumentReadSessionRow,
  DocumentVersionRow,
  EmailAuditRow,
  EventRow,
  MaintenanceLogRow,
  OperationsLogRow,
  PullRequestRow,
  ReleaseComponentBatchRow,
  ReleaseComponentRow,
  ScoreHistoryRow,
  SchedulerRunRow,
  TagRow,
} from './shapes.js';

/**
 * How a table treats the at-least-once duplicates of SPEC 6.3.6. `deduplicate`: ReplacingMergeTree
 * ordered by `key`, the row with the highest `version` wins. `plain`: MergeTree, duplicates stay
 * (SPEC 6.3.7 says how readers live with them); `key` is still the sort key.
 */
/** Rows a sink inserts at once, and how often it polls its consumer group (fixed sink settings). */
export const BATCH_LENGTH = 1000;
export const POLL_INTERVAL_MS = 250;

export type TableKind =
  | { readonly mode: 'deduplicate'; readonly key: readonly string[]; readonly version: string }
  | { readonly mode: 'plain'; readonly key: readonly string[] };

export interface StreamDef {
  readonly topics: readonly string[];
  /** The analytics table the stream's consumer group (named after it) writes to; null: no sink yet. */
  readonly table: string | null;
  readonly row: TSchema | null;
  readonly storage: TableKind | null;
  /** Declared in SPEC 6.2 for later; nothing may record on it yet. */
  readonly future?: true;
}

const dedup = (key: readonly string[], version = 'version'): TableKind => ({
  mode: 'deduplicate',
  key,
  version,
});
const plain = (key: readonly string[]): TableKind => ({ mode: 'plain', key });

export const TOPOLOGY = {
  events: {
    topics: ['gateway', 'lifecycle', 'comments'],
    table: 'events',
    row: EventRow,
    storage: dedup(['event_id']),
  },
  operations_log: {
    topics: ['deployments', 'maintenance'],
    table: 'operations_log',
    row: OperationsLogRow,
    storage: dedup(['id'], 'row_version'),
  },
  scheduler_runs: {
    topics: ['scheduler'],
    table: 'scheduler_runs',
    row: SchedulerRunRow,
    storage: dedup(['run_id']),
  },
  metrics: {
    topics: ['project-score', 'drift', 'pull-requests'],
    table: null,
    row: null,
    storage: null,
    future: true,
  },
  notifications: {
    topics: ['deployment', 'mention', 'digest'],
    table: null,
    row: null,
    storage: null,
    future: true,
  },
  maintenance_log: {
    topics: ['maintenance'],
    table: 'maintenance_log',
    row: MaintenanceLogRow,
    storage: plain(['organization', 'started_at', 'id']),
  },
  document_versions: {
    topics: ['documents'],
    table: 'document_versions',
    row: DocumentVersionRow,
    storage: dedup(['document_id', 'version_number']),
  },
  document_read_events: {
    topics: ['documents'],
    table: 'document_read_events',
    row: DocumentReadEventRow,
    storage: dedup(['event_id']),
  },
  document_read_sessions: {
    topics: ['documents'],
    table: 'document_read_sessions',
    row: DocumentReadSessionRow,
    storage: dedup(['session_id']),
  },
  commit_drift: {
    topics: ['drift'],
    table: 'commit_drift',
    row: CommitDriftRow,
    storage: dedup(['organization', 'project', 'environment', 'measured_at']),
  },
  release_components: {
    topics: ['releases'],
    table: 'release_components',
    row: ReleaseComponentRow,
    storage: plain(['organization', 'project', 'batch_id', 'component']),
  },
  release_component_batches: {
    topics: ['releases'],
    table: 'release_component_batches',
    row: ReleaseComponentBatchRow,
    storage: plain(['organization', 'project', 'batch_id']),
  },
  email_audit: {
    topics: ['email'],
    table: 'email_audit',
    row: EmailAuditRow,
    storage: dedup(['message_id']),
  },
  score_history: {
    topics: ['project-score'],
    table: 'score_history',
    row: ScoreHistoryRow,
    storage: plain(['project_id', 'computed_at']),
  },
  commits: {
    topics: ['repositories'],
    table: 'commits',
    row: CommitRow,
    storage: dedup(['repository', 'sha']),
  },
  tags: {
    topics: ['repositories'],
    table: 'tags',
    row: TagRow,
    storage: dedup(['repository', 'name']),
  },
  pull_requests: {
    topics: ['repositories'],
    table: 'pull_requests',
    row: PullRequestRow,
    storage: dedup(['repository', 'number']),
  },
} as const satisfies Record<string, StreamDef>;

type Topology = typeof TOPOLOGY;
export type StreamName = keyof Topology;
/** Streams that have a sink: the only ones a producer may record on. */
export type SinkStream = {
  [S in StreamName]: Topology[S] extends { future: true } ? never : S;
}[StreamName];
export type TopicOf<S extends StreamName> = Topology[S]['topics'][number];
export type RowOf<S extends SinkStream> = Topology[S]['row'] extends TSchema
  ? Static<Topology[S]['row']>
  : never;

/** Stream name -> definition, for code that walks the whole topology. */
export function streams(): Array<[StreamName, StreamDef]> {
  return Object.entries(TOPOLOGY) as Array<[StreamName, StreamDef]>;
}

/** The streams a connector consumes: every stream with a table. */
export function sinks(): Array<
  [SinkStream, StreamDef & { table: string; row: TSchema; storage: TableKind }]
> {
  return streams().filter(([, def]) => def.table !== null) as never;
}
