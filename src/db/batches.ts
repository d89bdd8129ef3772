// Deleting a long history in batches: each batch is a statement of its own, so no transaction holds
// the locks of a long delete, and the caller can bound how much one round of housekeeping does.

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
