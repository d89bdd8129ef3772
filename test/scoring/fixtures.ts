// Scoring policies shared by the tests and the benchmark.

/** Coverage scored by ranges: under 50 -> 0, 50-80 -> 60, 80 and up -> 100. */
export const coveragePolicy = {
  slug: 'coverage',
  attribute: 'coverage',
  weight: 1,
  range_score_map: [
    { max: 50, score: 0 },
    { min: 50, max: 80, score: 60 },
    { min: 80, score: 100 },
  ],
};

/** Tier scored by value: gold 100, silver 60, bronze 20 (weight 3). */
export const tierPolicy = {
  slug: 'tier',
  attribute: 'tier',
  weight: 3,
  value_score_map: { gold: 100, silver: 60, bronze: 20 },
};

/** The policies the benchmarks score with. */
export const benchPolicies = [tierPolicy, coveragePolicy];
