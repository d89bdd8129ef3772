// Deleting a long history in batches: each batch is a statement of its own, so no transaction holds
// the locks of a long delete, and the caller can bound how much one round of housekeeping does.

/**
 * Rows one statement of a once-a-minute housekeeping deletes, and statements one round runs at most:
 * 50,000 rows a minute, so a long backlog is deleted over a few rounds and never holds up the work the
 * round runs beside (the stream's retention, the scheduler's run retention).
 */
export const HOUSEKEEPING_BATCH = 5_000;
export const HOUSEKEEPING_ROUNDS = 10;

/**
 * Runs `batch` (a delete of at most `size` rows that says how many it deleted) until one deletes fewer
 * than `size`, or `maxBatches` ran; returns how many rows they deleted.
 */
export async function deleteInBatches(
  batch: () => Promise<number>,
  size: number,
  maxBatches = Infinity,
): Promise<number> {
  let total = 0;
  for (let i = 0; i < maxBatches; i++) {
    const deleted = await batch();
    total += deleted;
    if (deleted < size) break;
  }
  return total;
}
