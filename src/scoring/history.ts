// A project's score history, read from the score_history table of the analytics store (the outbox
import { ident, isoTime, lit, type AnalyticsReader } from '../analytics/index.js';
// keeps rows only until the relay prunes them). The table is plain (SPEC 6.3.6): a duplicate delivery
// is a second identical row, so the reader lists distinct rows and the latest score stays the same
// (SPEC 6.3.7). Rows carry whole seconds; rows of one second are ordered by a hash of their content,
// a stable order that pagination can resume.

export interface HistoryEntry {
  score: number | null;
  previous_score: number | null;
  reason: string;
  requested_by: string;
  computed_at: string;
}

/** `<computed_at unix seconds>.<tie-break hash>` of the last entry of a page. */
const CURSOR = /^(\d{1,11})\.(\d{1,20})$/;
/** The store's DateTime holds unsigned 32-bit seconds, the tie-break hash is a UInt64. */
const LAST_SECOND = 2 ** 32 - 1;
const LAST_TIE = 2n ** 64n - 1n;
/**
 * A decoded cursor this reader could have issued, as its second and tie-break text; undefined for
 * anything else. Out of range, ClickHouse would wrap the second into another date (and the hash into
 * another number) and answer a wrong page.
 */
function parseCursor(decoded: string): { second: number; tie: string } | undefined {
  const m = CURSOR.exec(decoded);
  if (!m || Number(m[1]) > LAST_SECOND || BigInt(m[2]!) > LAST_TIE) return undefined;
  return { second: Number(m[1]), tie: m[2]! };
}
export const isHistoryCursor = (decoded: string) => parseCursor(decoded) !== undefined;

const COLUMNS = 'score, previous_score, reason, requested_by, computed_at';
const TIE = `cityHash64(ifNull(toString(score), 'null'), ifNull(toString(previous_score), 'null'), reason, requested_by)`;

/** Distinct history rows of one project, newest first, and the cursor of the next page. */
export async function scoreHistory(
  reader: AnalyticsReader,
  projectId: string,
  after: string | undefined,
  limit: number,
): Promise<{ items: HistoryEntry[]; next: string | undefined }> {
  const where = [`project_id = ${lit(projectId)}`];
  if (after !== undefined) {
    const cursor = parseCursor(after);
    if (!cursor) throw new Error(`not a score-history cursor: ${after}`);
    const at = `toDateTime(${lit(cursor.second)})`;
    where.push(`(computed_at < ${at} OR (computed_at = ${at} AND ${TIE} < toUInt64(${lit(cursor.tie)})))`);
  }
  const rows = await reader.query<HistoryEntry & { tie: string } & Record<string, unknown>>(
    (db) =>
      `SELECT ${COLUMNS}, toString(${TIE}) AS tie FROM ${ident(db)}.score_history ` +
      `WHERE ${where.join(' AND ')} GROUP BY ${COLUMNS} ` +
      `ORDER BY computed_at DESC, ${TIE} DESC LIMIT ${lit(limit + 1)}`,
  );
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  const next =
    rows.length > limit && last
      ? `${Math.floor(Date.parse(isoTime(last.computed_at)) / 1000)}.${last.tie}`
      : undefined;
  const items = page.map((r) => ({
    score: r.score,
    previous_score: r.previous_score,
    reason: r.reason,
    requested_by: r.requested_by,
    computed_at: new Date(isoTime(r.computed_at)).toISOString(),
  }));
  return { items, next };
}
