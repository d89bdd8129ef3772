// The work meter of plugin document validation. A plugin's schema is fixed when it is installed; the
// document is the caller's. Every part of validation that grows with the document counts its steps
// here (a subschema applied to a value, a character a format or a pattern reads, a character
// uniqueItems writes), and one document may spend at most a bounded number of steps: validation
// then stops and the document is refused (422), whatever the schema, so no request can hold the
// event loop for long. Validation is synchronous, so one meter serves the process.

/** Thrown by spend() when the document being validated is over its budget. */
export class WorkLimitExceeded extends Error {
  constructor(readonly limit: number) {
    super(`validation work over its limit of ${limit} steps`);
  }
}

/**
 * Steps any document may spend, and more per unit of its size (units: values, characters of strings
 * and of member names; see documentUnits). A legitimate document spends a few steps per unit; the
 * limit is meant for schemas whose work multiplies with the document's nesting (a recursive `$ref`
 * under `anyOf`/`oneOf`), which would otherwise never end.
 */
export const BASE_STEPS = 200_000;
export const STEPS_PER_UNIT = 16;

let steps = 0;
let limit = Infinity;
/** Gives the whole limit when the first one is reached (see metered). */
let extend: (() => number) | undefined;

/** Counts `n` steps of the current validation; throws WorkLimitExceeded once over the limit. */
export function spend(n: number): void {
  steps += n;
  if (steps > limit) {
    if (extend) {
      limit = extend();
      extend = undefined;
      if (steps <= limit) return;
    }
    throw new WorkLimitExceeded(limit);
  }
}

/** The size of a JSON value in units: one per value, one per character of a string or member name. */
export function documentUnits(value: unknown): number {
  if (typeof value === 'string') return 1 + value.length;
  if (typeof value !== 'object' || value === null) return 1;
  let units = 1;
  if (Array.isArray(value)) {
    for (const item of value) units += documentUnits(item);
    return units;
  }
  for (const key in value) {
    if (Object.hasOwn(value, key))
      units += key.length + documentUnits((value as Record<string, unknown>)[key]);
  }
  return units;
}

/**
 * Runs `fn` (the validation of `doc`) with a fresh meter: its limit is BASE_STEPS and STEPS_PER_UNIT
 * per unit of the document's size, which is measured only if the validation spends more than
 * BASE_STEPS (most never do). Returns what `fn` returned or threw (WorkLimitExceeded once over the
 * limit) and the steps it spent.
 */
export function metered<T>(doc: unknown, fn: () => T): { result?: T; error?: unknown; steps: number } {
  const outer = { steps, limit, extend };
  steps = 0;
  limit = BASE_STEPS;
  extend = () => BASE_STEPS + STEPS_PER_UNIT * documentUnits(doc);
  try {
    return { result: fn(), steps };
  } catch (error) {
    return { error: error ?? new Error('undefined thrown'), steps };
  } finally {
    ({ steps, limit, extend } = outer);
  }
}
