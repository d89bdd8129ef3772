// The scoring model: each enabled policy maps one project attribute to 0-100; a project's score is the
// weighted mean over the enabled policies that apply to it (all projects, or those of its types). Pure functions, so the worker and the rescore share them.
import { invalid } from '../http/errors.js';

export interface ScoreRange {
  /** Inclusive; null or absent: no lower bound. */
  min?: number | null | undefined;
  /** Exclusive; null or absent: no upper bound. */
  max?: number | null | undefined;
  score: number;
}

export interface PolicyRule {
  attribute: string;
  weight: number;
  enabled: boolean;
  value_score_map: Record<string, number> | null;
  range_score_map: ScoreRange[] | null;
  /** Slugs of project types the policy applies to; absent or empty: every project. */
  project_types?: string[] | null | undefined;
}

/** Does the policy apply to a project of these types? (No types named: to every project.) */
export function appliesTo(rule: PolicyRule, types: readonly string[]): boolean {
  const targets = rule.project_types ?? [];
  return targets.length === 0 || types.some((t) => targets.includes(t));
}

/** Exactly one map; ranges well-formed and non-overlapping. Throws 422 naming the field. */
export function validateRule(rule: PolicyRule): void {
  const hasValues = rule.value_score_map !== null;
  const hasRanges = rule.range_score_map !== null;
  if (hasValues === hasRanges) {
    throw invalid(
      hasValues ? '/range_score_map' : '/value_score_map',
      'give exactly one of value_score_map and range_score_map',
    );
  }
  if (!rule.range_score_map) return;
  const ranges = rule.range_score_map.map((r, i) => ({
    i,
    lo: r.min ?? -Infinity,
    hi: r.max ?? Infinity,
  }));
  for (const r of ranges) {
    if (!(r.lo < r.hi)) throw invalid(`/range_score_map/${r.i}/max`, 'must be greater than min');
  }
  ranges.sort((a, b) => a.lo - b.lo);
  for (let k = 1; k < ranges.length; k++) {
    const prev = ranges[k - 1]!;
    const cur = ranges[k]!;
    if (cur.lo < prev.hi) {
      throw invalid(
        `/range_score_map/${cur.i}`,
        `overlaps range ${prev.i} (min is inclusive, max exclusive)`,
      );
    }
  }
}

function numeric(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    if (Number.isFinite(n)) return n;
  }
  return undefined;
}

/** The 0-100 score one policy gives an attribute value; a missing or unmapped value scores 0. */
export function policyScore(rule: PolicyRule, value: unknown): number {
  if (rule.value_score_map) {
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') return 0;
    const key = String(value);
    return Object.hasOwn(rule.value_score_map, key) ? rule.value_score_map[key]! : 0;
  }
  const n = numeric(value);
  if (n === undefined) return 0;
  const hit = rule.range_score_map?.find((r) => n >= (r.min ?? -Infinity) && n < (r.max ?? Infinity));
  return hit?.score ?? 0;
}

/**
 * Weighted mean over the enabled policies that apply to a project of `types`, rounded to 2 decimals;
 * null when no policy applies.
 */
export function projectScore(
  rules: readonly PolicyRule[],
  attributes: Record<string, unknown>,
  types: readonly string[] = [],
): number | null {
  let total = 0;
  let weights = 0;
  for (const rule of rules) {
    if (!rule.enabled || rule.weight <= 0 || !appliesTo(rule, types)) continue;
    const value = Object.hasOwn(attributes, rule.attribute) ? attributes[rule.attribute] : undefined;
    total += rule.weight * policyScore(rule, value);
    weights += rule.weight;
  }
  if (weights === 0) return null;
  return Math.round((total / weights) * 100) / 100;
}
