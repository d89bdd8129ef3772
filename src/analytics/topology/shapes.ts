// Row shapes of the analytics tables (SPEC 2.8, 6.2): field names, enum values and value formats are
// the ones a direct ClickHouse insert (JSONEachRow) would use, so the connector inserts rows verbatim.
// ClickHouse 18.16 is the oldest server Keel supports: timestamps are DateTime text in UTC without
// fractions, JSON payloads are strings, enums are their string values, booleans do not exist.
import { Type } from 'typebox';

/** `YYYY-MM-DD hh:mm:ss` in UTC: what a ClickHouse 18.16 DateTime column parses in JSONEachRow. */
export const DateTime = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$' });
const NullableDateTime = Type.Union([DateTime, Type.Null()]);
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const Uuid = Type.String({ pattern: `^${UUID}$` });
const Name = Type.String({ minLength: 1, maxLength: 512 });
/** A node id a row was recorded for, or '' in the rows of a producer older than the column. */
const RecordedId = Type.String({ pattern: `^(?:${UUID})?$` });
const Text = Type.String({ maxLength: 65_536 });
const NullableName = Type.Union([Name, Type.Null()]);
const NullableText = Type.Union([Text, Type.Null()]);
/** A JSON document carried as text (ClickHouse 18.16 has no JSON type). */
const JsonText = Type.String({ maxLength: 1_048_576 });
/** UInt64 row version of a deduplicating table: the highest wins in ReplacingMergeTree(version). */
const RowVersion = Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER });
const UInt = Type.Integer({ minimum: 0, maximum: 4_294_967_295 });
const NullableUInt = Type.Union([UInt, Type.Null()]);

/** ClickHouse DateTime text for an instant (UTC, seconds). */
export function clickhouseTime(at: Date | string | number = new Date()): string {
  return new Date(at).toISOString().slice(0, 19).replace('T', ' ');
}

/** ISO-8601 for a ClickHouse DateTime text (or an ISO string, returned as is). */
export function isoTime(value: string): string {
  return value.includes('T') ? value : `${value.replace(' ', 'T')}Z`;
}

/** A row version that grows with time, for producers that rewrite a row (the newest write wins). */
export function rowVersion(at: Date = new Date()): number {
  return at.getTime();
}

export const EVENT_SOURCES = ['gateway', 'lifecycle', 'comments'] as const;

/** One thing that happened: lifecycle changes, comments, inbound webhook deliveries. */
export const EventRow = Type.Object(
  {
    event_id: Uuid,
    /** e.g. `project.created`, `comment.created`, `webhook.received`. */
    event_type: Type.String({ pattern: '^[a-z0-9_]+(\\.[a-z0-9_]+)+$', maxLength: 128 }),
    /** The topic the row was recorded on. */
    source: Type.Enum(EVENT_SOURCES),
    organization: Type.String({ maxLength: 200 }),
    project: NullableName,
    environment: NullableName,
    /** The id of the node the event is about (project, comment, webhook...). */
    subject_id: Name,
    /** Who did it: the authenticated user or service account; `system` for Keel itself. */
    principal_name: Name,
    /** The service account acting on behalf of `principal_name` (delegation), else null. */
    actor_name: NullableName,
    summary: Text,
    /** JSON object; gateway rows carry `webhook_id` and `integration` here (SPEC 6.3.3). */
    metadata: JsonText,
    occurred_at: DateTime,
    version: RowVersion,
  },
  { additionalProperties: false },
);

/** Entry types of the operations log, and the topic each is recorded on. */
export const OPERATIONS_ENTRY_TYPES = {
  Deployed: 'deployments',
  'Rolled Back': 'deployments',
  Configured: 'deployments',
  Restarted: 'deployments',
  Scaled: 'deployments',
  Maintenance: 'maintenance',
  Incident: 'maintenance',
  Note: 'maintenance',
} as const;
export type OperationsEntryType = keyof typeof OPERATIONS_ENTRY_TYPES;

/** One entry of an environment's operations log; completing an entry rewrites it with a higher row_version. */
export const OperationsLogRow = Type.Object(
  {
    id: Uuid,
    organization: Name,
    project: Name,
    environment: Name,
    /**
     * The ids of the organization, project and environment the entry was recorded for: their slugs
     * can change, and a freed slug can name another one later. Readers select by these. Empty in the
     * rows of an entry recorded before they existed (and in its completion), matched by slugs.
     */
    organization_id: RecordedId,
    project_id: RecordedId,
    environment_id: RecordedId,
    entry_type: Type.Enum(Object.keys(OPERATIONS_ENTRY_TYPES) as OperationsEntryType[]),
    description: Text,
    /** The release version the entry is about, if any. */
    version: NullableName,
    link: NullableText,
    ticket: NullableName,
    /** "<user>" or "<user> on behalf of <actor>". */
    recorded_by: Name,
    occurred_at: DateTime,
    completed_at: NullableDateTime,
    status: Type.Enum(['open', 'completed']),
    row_version: RowVersion,
  },
  { additionalProperties: false },
);

export const SCHEDULER_RUN_STATES = ['running', 'succeeded', 'failed', 'skipped', 'cancelled'] as const;

/** One firing of a schedule; a run is recorded when it starts and rewritten when it ends. */
export const SchedulerRunRow = Type.Object(
  {
    run_id: Uuid,
    schedule: Name,
    kind: Type.Enum(['system', 'user']),
    /** The cron occurrence this run is for. */
    occurrence_at: DateTime,
    started_at: DateTime,
    finished_at: NullableDateTime,
    duration_ms: NullableUInt,
    state: Type.Enum(SCHEDULER_RUN_STATES),
    http_status: Type.Union([Type.Integer({ minimum: 100, maximum: 599 }), Type.Null()]),
    principal_name: Name,
    actor_name: NullableName,
    consent_id: NullableName,
    skip_reason: NullableText,
    error: NullableText,
    version: RowVersion,
  },
  { additionalProperties: false },
);

/** A project's score change (the scoring worker). */
export const ScoreHistoryRow = Type.Object(
  {
    project_id: Uuid,
    organization: Type.Union([Type.String({ maxLength: 200 }), Type.Null()]),
    project: Name,
    score: Type.Union([Type.Number(), Type.Null()]),
    previous_score: Type.Union([Type.Number(), Type.Null()]),
    reason: Name,
    requested_by: Name,
    computed_at: DateTime,
  },
  { additionalProperties: false },
);

/** One component of a release (fact row); readers rank by batch and list distinct components. */
export const ReleaseComponentRow = Type.Object(
  {
    batch_id: Uuid,
    /** The project's id: its slug can change, and a freed slug can name another project later. */
    project_id: Uuid,
    organization: Name,
    project: Name,
    environment: NullableName,
    release_version: Name,
    component: Name,
    component_version: Name,
    /** Package URL (purl-spec) of the component, when the producer knows it. */
    purl: Type.Union([Type.String({ minLength: 1, maxLength: 2048 }), Type.Null()]),
    recorded_at: DateTime,
  },
  { additionalProperties: false },
);

/** Closes a batch of release components; published only after its fact rows were acknowledged. */
export const ReleaseComponentBatchRow = Type.Object(
  {
    batch_id: Uuid,
    project_id: Uuid,
    organization: Name,
    project: Name,
    environment: NullableName,
    release_version: Name,
    component_count: UInt,
    recorded_at: DateTime,
  },
  { additionalProperties: false },
);

export const MaintenanceLogRow = Type.Object(
  {
    id: Uuid,
    organization: Name,
    project: NullableName,
    environment: NullableName,
    task: Name,
    outcome: Type.Enum(['succeeded', 'failed', 'skipped']),
    detail: Text,
    started_at: DateTime,
    finished_at: DateTime,
    recorded_by: Name,
  },
  { additionalProperties: false },
);

export const DocumentVersionRow = Type.Object(
  {
    document_id: Uuid,
    version_number: UInt,
    organization: Name,
    project: NullableName,
    title: Text,
    content_sha256: Type.String({ pattern: '^[0-9a-f]{64}$' }),
    size_bytes: UInt,
    author_name: Name,
    created_at: DateTime,
    version: RowVersion,
  },
  { additionalProperties: false },
);

export const DocumentReadEventRow = Type.Object(
  {
    event_id: Uuid,
    document_id: Uuid,
    version_number: UInt,
    organization: Name,
    reader_name: Name,
    read_at: DateTime,
    version: RowVersion,
  },
  { additionalProperties: false },
);

export const DocumentReadSessionRow = Type.Object(
  {
    session_id: Uuid,
    document_id: Uuid,
    organization: Name,
    reader_name: Name,
    started_at: DateTime,
    ended_at: NullableDateTime,
    duration_seconds: UInt,
    version: RowVersion,
  },
  { additionalProperties: false },
);

export const CommitDriftRow = Type.Object(
  {
    organization: Name,
    project: Name,
    environment: Name,
    deployed_sha: Type.String({ pattern: '^[0-9a-f]{7,64}$' }),
    head_sha: Type.String({ pattern: '^[0-9a-f]{7,64}$' }),
    commits_behind: UInt,
    measured_at: DateTime,
    version: RowVersion,
  },
  { additionalProperties: false },
);

export const CommitRow = Type.Object(
  {
    repository: Name,
    sha: Type.String({ pattern: '^[0-9a-f]{7,64}$' }),
    organization: Name,
    project: NullableName,
    author_name: Name,
    message: Text,
    committed_at: DateTime,
    version: RowVersion,
  },
  { additionalProperties: false },
);

export const TagRow = Type.Object(
  {
    repository: Name,
    name: Name,
    sha: Type.String({ pattern: '^[0-9a-f]{7,64}$' }),
    organization: Name,
    project: NullableName,
    created_at: DateTime,
    version: RowVersion,
  },
  { additionalProperties: false },
);

export const PullRequestRow = Type.Object(
  {
    repository: Name,
    number: UInt,
    organization: Name,
    project: NullableName,
    title: Text,
    state: Type.Enum(['open', 'closed', 'merged']),
    author_name: Name,
    created_at: DateTime,
    merged_at: NullableDateTime,
    closed_at: NullableDateTime,
    version: RowVersion,
  },
  { additionalProperties: false },
);

/** One email Keel sent or failed to send; the recipient is kept as a hash, never the address. */
export const EmailAuditRow = Type.Object(
  {
    message_id: Uuid,
    organization: Type.Union([Name, Type.Null()]),
    template: Name,
    recipient_sha256: Type.String({ pattern: '^[0-9a-f]{64}$' }),
    status: Type.Enum(['sent', 'failed', 'bounced']),
    error: NullableText,
    sent_at: DateTime,
    version: RowVersion,
  },
  { additionalProperties: false },
);
