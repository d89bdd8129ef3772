// The recorder's bound on a row's size as the relay publishes it (src/analytics/recorder.ts,
// publishedBytesBound) against PostgreSQL's own text of the jsonb: never below it, for the numbers
// PostgreSQL writes out in full, every escape, text beyond ASCII and random JSON values (seeded).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishedBytesBound } from '../../src/analytics/outbox/recorder.js';
import { createSql, type Sql } from '../../src/db/sql.js';
import { createTestDatabase } from '../support/harness.js';

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let sql: Sql;

beforeAll(async () => {
  db = await createTestDatabase();
  sql = createSql(db.url, 2);
});
afterAll(async () => {
  await sql?.close();
  await db?.drop();
});

/** PostgreSQL's text of each value as jsonb, in bytes, as the relay publishes rows. */
async function published(texts: string[]): Promise<number[]> {
  const rows = await sql.query<{ n: number }>(
    'SELECT octet_length(t::jsonb::text) AS n FROM unnest($1::text[]) WITH ORDINALITY AS u(t, i) ORDER BY i',
    [texts],
  );
  return rows.map((r) => r.n);
}

async function expectBounded(values: unknown[]) {
  const texts = values.map((v) => JSON.stringify(v));
  const sizes = await published(texts);
  texts.forEach((text, i) => {
    expect({ text: text.slice(0, 80), bound: publishedBytesBound(text) }).toEqual({
      text: text.slice(0, 80),
      bound: expect.toSatisfy((b: number) => b >= sizes[i]!),
    });
  });
  return sizes.map((size, i) => ({ size, bound: publishedBytesBound(texts[i]!) }));
}

describe('publishedBytesBound is never below PostgreSQL text of the row', () => {
  it('numbers PostgreSQL writes out in full: the extremes of a double', async () => {
    const numbers = [5e-324, -5e-324, 1.7976931348623157e308, -1.7976931348623157e308, 1e21, 1.5e-7, 1e-7];
    const measured = await expectBounded([...numbers, numbers, { a: numbers, b: { c: numbers } }]);
    // 5e-324 is written with its 324 decimals: the bound is not loose there.
    expect(measured[0]!.size).toBeGreaterThan(320);
  });

  it('separators, escapes and text beyond ASCII', async () => {
    const controls = Array.from({ length: 32 }, (_, i) => String.fromCharCode(i))
      .join('')
      .slice(1);
    await expectBounded([
      {},
      [],
      [[], {}, [[]], { a: {} }],
      Array.from({ length: 1000 }, (_, i) => i),
      Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`k${i}`, i % 2 ? null : true])),
      { quote: '"', backslash: '\\', controls, del: '\u007f', text: 'déjà vu ✓ 𝄞 漢字 \u2028' },
      { 'key with "quotes" and \\': 'value', '': '' },
    ]);
  });

  it('rows long enough for the bound to read their text', async () => {
    const long = [
      Array.from({ length: 3000 }, () => 5e-324),
      Array.from({ length: 3000 }, (_, i) => ({ [`k${i}`]: [i, -1e21] })),
      { text: '"\\\n✓𝄞'.repeat(4000) },
      'x'.repeat(20_000),
    ];
    for (const v of long) expect(JSON.stringify(v).length).toBeGreaterThan(12_000);
    await expectBounded(long);
  });

  it('random JSON values (seeded)', async () => {
    const values = fc.sample(
      fc
        .jsonValue({ maxDepth: 4, noUnicodeString: false })
        .filter((v) => !JSON.stringify(v).includes('\\u0000')),
      { seed: 20261126, numRuns: 300 },
    );
    await expectBounded(values);
  });
});
