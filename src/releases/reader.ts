// Reads release components from the analytics store. Both tables are plain (MergeTree): a duplicate
import { ident, lit, litList, type AnalyticsReader } from '../analytics/index.js';
// delivery stays there (SPEC 6.3.6), so readers rank by batch and list distinct rows (SPEC 6.3.7).
// A batch counts once all of its fact rows are in the store: its row is published only after the
// stream acknowledged them (SPEC 6.3.8), but the two tables have their own sinks, so the batch row
// may reach the store first.

/**
 * A release of one project, by the project's id: its rows keep the slugs for whoever reads the tables,
 * but a slug moves with a rename and a freed one can name another project later.
 */
export interface ReleaseKey {
  projectId: string;
  releaseVersion: string;
}

export interface BatchRow extends Record<string, unknown> {
  batch_id: string;
  component_count: number;
  recorded_at: string;
}

export interface ComponentRow extends Record<string, unknown> {
  component: string;
  component_version: string;
  purl: string | null;
}

/** Batches examined per read, newest first: enough to pass the few still waiting for their facts. */
const RECENT_BATCHES = 20;

const ofRelease = (k: ReleaseKey) =>
  `project_id = ${lit(k.projectId)} AND release_version = ${lit(k.releaseVersion)}`;

/** The newest batch whose every fact row is in the store, with its distinct components. */
export async function latestComplete(
  reader: AnalyticsReader,
  key: ReleaseKey,
): Promise<{ batch: BatchRow; components: ComponentRow[] } | null> {
  const batches = await reader.query<BatchRow>(
    (db) =>
      `SELECT DISTINCT batch_id, component_count, recorded_at FROM ${ident(db)}.release_component_batches ` +
      `WHERE ${ofRelease(key)} ORDER BY recorded_at DESC, batch_id DESC LIMIT ${RECENT_BATCHES}`,
  );
  if (batches.length === 0) return null;
  const present = await reader.query<{ batch_id: string; present: number }>(
    (db) =>
      `SELECT batch_id, uniqExact(component) AS present FROM ${ident(db)}.release_components ` +
      `WHERE ${ofRelease(key)} AND batch_id IN ${litList(batches.map((b) => b.batch_id))} GROUP BY batch_id`,
  );
  const counts = new Map(present.map((p) => [p.batch_id, Number(p.present)]));
  const batch = batches.find((b) => (counts.get(b.batch_id) ?? 0) >= Number(b.component_count));
  if (!batch) return null;
  const components = await reader.query<ComponentRow>(
    (db) =>
      `SELECT DISTINCT component, component_version, purl FROM ${ident(db)}.release_components ` +
      `WHERE ${ofRelease(key)} AND batch_id = ${lit(batch.batch_id)} ORDER BY component, component_version`,
  );
  return { batch, components };
}

/** A release as the list shows it: its newest complete batch. */
export interface ReleaseRow extends BatchRow {
  release_version: string;
}

/** Position in the list (newest first): the newest complete batch of the previous page's last release. */
export interface ReleaseCursor {
  /** Unix seconds of its recorded_at. */
  recordedAt: number;
  batchId: string;
}

/**
 * Up to `limit` releases of a project, each by its newest complete batch, newest first (recorded_at,
 * then batch_id, descending). A batch is complete when its distinct components number its
 * component_count (names are unique within a batch). Every page ranks the project's batches afresh and
 * keeps those after the cursor: a release recorded again moves to the top, never shows twice on a page.
 */
export function listReleases(
  reader: AnalyticsReader,
  projectId: string,
  after: ReleaseCursor | undefined,
  limit: number,
): Promise<ReleaseRow[]> {
  const project = `project_id = ${lit(projectId)}`;
  const at = after && `toDateTime(${lit(after.recordedAt)})`;
  const past = after
    ? `WHERE recorded_at < ${at} OR (recorded_at = ${at} AND batch_id < ${lit(after.batchId)}) `
    : '';
  return reader.query<ReleaseRow>(
    (db) =>
      `SELECT release_version, batch_id, component_count, recorded_at FROM (` +
      `SELECT release_version, batch_id, component_count, recorded_at ` +
      `FROM ${ident(db)}.release_component_batches WHERE ${project} ` +
      `AND (batch_id, toUInt64(component_count)) IN (SELECT batch_id, uniqExact(component) ` +
      `FROM ${ident(db)}.release_components WHERE ${project} GROUP BY batch_id) ` +
      `ORDER BY recorded_at DESC, batch_id DESC LIMIT 1 BY release_version) ${past}` +
      `ORDER BY recorded_at DESC, batch_id DESC LIMIT ${lit(limit)}`,
  );
}
