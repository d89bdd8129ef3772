// Numbers that PostgreSQL's jsonb writes in full and JavaScript with an exponent (src/plugins/
// document-codec.ts, documentJson): a read searches the stored text for five zeros before it tries the
// pattern. The claim behind it, that every such number as jsonb writes it holds five zeros, is checked
// here against PostgreSQL's own rendering of many random numbers of both kinds.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import { documentJson } from '../../src/plugins/document-codec.js';

let client: pg.Client;
beforeAll(async () => {
  client = new pg.Client({ connectionString: inject('adminUrl') });
  await client.connect();
});
afterAll(() => client.end());

/** A random double of the bit pattern's full range whose magnitude `keep` accepts, with either sign. */
function randomDoubles(n: number, keep: (x: number) => boolean): number[] {
  const out: number[] = [];
  const view = new DataView(new ArrayBuffer(8));
  while (out.length < n) {
    view.setUint32(0, Math.floor(Math.random() * 2 ** 32));
    view.setUint32(4, Math.floor(Math.random() * 2 ** 32));
    const x = view.getFloat64(0);
    if (Number.isFinite(x) && x !== 0 && keep(Math.abs(x))) out.push(x);
  }
  return out;
}

/** Each number as jsonb writes it, stored as JSON.stringify writes it (as a document is). */
async function jsonbTexts(numbers: number[]): Promise<string[]> {
  const { rows } = await client.query<{ t: string }>(
    'SELECT elem::text AS t FROM jsonb_array_elements($1::jsonb) AS elem',
    [JSON.stringify(numbers)],
  );
  return rows.map((r) => r.t);
}

describe('numbers jsonb writes in full', () => {
  // Random bit patterns land mostly far from the bounds; the bounds' neighbours are added by hand.
  const large = [...randomDoubles(2000, (x) => x >= 1e21), 1e21, -1e21, 1.234e21, -9.99e22, Number.MAX_VALUE];
  const small = [
    ...randomDoubles(2000, (x) => x < 1e-6),
    9.99999999999999e-7,
    -1e-7,
    1.5e-7,
    Number.MIN_VALUE,
    2.2250738585072014e-308,
  ];

  it.each([
    ['of 1e21 and more', large],
    ['under 1e-6', small],
  ])('%s all hold five zeros, and are read as JavaScript writes them', async (_name, numbers) => {
    const texts = await jsonbTexts(numbers);
    expect(texts).toHaveLength(numbers.length);
    for (const [i, text] of texts.entries()) {
      expect(text, `${numbers[i]}`).toContain('00000');
      // Written otherwise than JavaScript writes it, and read back as JavaScript's.
      expect(text).not.toBe(JSON.stringify(numbers[i]));
      expect(documentJson(`{"n": ${text}}`)).toBe(JSON.stringify({ n: numbers[i] }));
    }
  });

  it('numbers JavaScript and jsonb write alike are sent as stored, without a second writing', async () => {
    const alike = [999999999999999900000, 1e-6, 0.0000011, 123.456, -0.5, 9007199254740991];
    const texts = await jsonbTexts(alike);
    for (const [i, text] of texts.entries()) expect(text).toBe(JSON.stringify(alike[i]));
    // Stored text is answered as it is (jsonb's ", " spacing kept), five zeros or not.
    const stored = `{${texts.map((t, i) => `"n${i}": ${t}`).join(', ')}, "s": "100000"}`;
    expect(documentJson(stored)).toBe(stored);
  });
});
