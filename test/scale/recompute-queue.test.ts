// The recompute queue's claim stays bounded by its batch whatever plan PostgreSQL has cached for it.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSql, type Sql } from '../../src/db/sql.js';
import { claim, complete } from '../../src/scoring/store.js';
import { createTestDatabase } from '../support/harness.js';

let db: Awaited<ReturnType<typeof createTestDatabase>>;
// One connection, so every poll runs on the session that caches the statement's plan.
let one: Sql;
let other: Sql;

const due = (q: Sql, n: number) =>
  q.query(
    `INSERT INTO scoring_jobs (project_id, reason, requested_by, run_at)
     SELECT gen_random_uuid(), 'scheduled_recompute', 'test', now() - interval '1 second'
       FROM generate_series(1, ${n})`,
  );

beforeAll(async () => {
  db = await createTestDatabase();
  one = createSql(db.url, 1);
  other = createSql(db.url, 1);
});
afterAll(async () => {
  await one.close();
  await other.close();
  await db.drop();
});
// A drained queue, as autovacuum leaves it: statistics say the table is empty, so a plan cached now is
// costed for no rows at all.
beforeEach(async () => {
  await one.query('DELETE FROM scoring_jobs');
  await one.query('VACUUM ANALYZE scoring_jobs');
});

describe('a claim never takes more than its batch', () => {
  it('after 10 polls of an empty queue, 5,000 due rows give one batch', async () => {
    for (let i = 0; i < 10; i++) expect(await claim(one, 500, 60)).toHaveLength(0);
    await due(one, 5000);
    const jobs = await claim(one, 500, 60);
    expect(jobs).toHaveLength(500);
    const running = await one.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM scoring_jobs WHERE state = 'running'`,
    );
    expect(running!.n).toBe(500);
  });

  it('holds under a forced generic plan, for ready rows and for rows whose lock expired', async () => {
    const generic = createSql(`${db.url}?options=-c%20plan_cache_mode%3Dforce_generic_plan`, 1);
    try {
      expect(await generic.one('SHOW plan_cache_mode')).toEqual({ plan_cache_mode: 'force_generic_plan' });
      for (let i = 0; i < 10; i++) expect(await claim(generic, 100, 60)).toHaveLength(0);
      await due(generic, 3000);
      await generic.query(
        `UPDATE scoring_jobs SET state = 'running', locked_until = now() - interval '1 second'
          WHERE id IN (SELECT id FROM scoring_jobs ORDER BY id LIMIT 1000)`,
      );
      const first = await claim(generic, 100, 60);
      expect(first).toHaveLength(100);
      let total = first.length;
      for (let jobs = await claim(generic, 100, 60); jobs.length > 0; jobs = await claim(generic, 100, 60)) {
        expect(jobs.length).toBeLessThanOrEqual(100);
        total += jobs.length;
      }
      expect(total).toBe(3000);
    } finally {
      await generic.close();
    }
  });

  it('several workers share one queue: no job is claimed twice', async () => {
    await due(one, 2000);
    const seen = new Set<number>();
    const work = async (q: Sql) => {
      for (let jobs = await claim(q, 50, 60); jobs.length > 0; jobs = await claim(q, 50, 60)) {
        for (const j of jobs) {
          expect(seen.has(j.id)).toBe(false);
          seen.add(j.id);
        }
        await complete(
          q,
          jobs.map((j) => j.id),
        );
      }
    };
    await Promise.all([work(one), work(other)]);
    expect(seen.size).toBe(2000);
  });
});
