// The validator wired up for plugin labels behaves per JSON Schema draft 2020-12: the official
// JSON-Schema-Test-Suite (the wrapped copy in shared/testdata, see its README), first through the
// compile function the plugin router uses, then a slice of it end to end through the router.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileLabelSchema, newSchemaCompiler } from '../../src/json-schema/json-schema.js';
import { startTestApp, type TestApp } from '../support/harness.js';

interface SuiteTest {
  description: string;
  data: unknown;
  valid: boolean;
}
interface SuiteGroup {
  file: string;
  index: number;
  description: string;
  schema: Record<string, unknown>;
  tests: SuiteTest[];
}

const FILE = 'shared/testdata/json-schema-suite/draft2020-12-wrapped.json';

/** KEEL_JSON_SCHEMA_SUITE, else `shared/testdata/...` beside the repository or beside its parent (worktrees). */
function findSuite(): string | undefined {
  const given = process.env.KEEL_JSON_SCHEMA_SUITE;
  if (given) return fs.existsSync(given) ? given : undefined;
  let dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  for (let up = 0; up < 3; up++) {
    dir = path.dirname(dir);
    const candidate = path.join(dir, FILE);
    if (fs.existsSync(candidate)) return candidate;
  }
  return undefined;
}

const suitePath = findSuite();
const groups: SuiteGroup[] = suitePath ? JSON.parse(fs.readFileSync(suitePath, 'utf8')).groups : [];
if (!suitePath) {
  console.warn(
    `JSON-Schema-Test-Suite not found (looked for ../${FILE} and ../../${FILE}, or KEEL_JSON_SCHEMA_SUITE): skipping the draft 2020-12 conformance tests`,
  );
}

/**
 * Where our validator knowingly departs from the suite, and why (none today). The test below checks
 * that each one still departs, so the list cannot go stale.
 */
const DEVIATIONS: Record<string, string> = {};

const byFile = new Map<string, SuiteGroup[]>();
for (const g of groups) byFile.set(g.file, [...(byFile.get(g.file) ?? []), g]);

describe.skipIf(!suitePath)(
  'JSON Schema draft 2020-12: the official test suite against compileLabelSchema',
  () => {
    it('the suite copy is the expected one', () => {
      expect(groups.length).toBe(206);
      expect(groups.reduce((n, g) => n + g.tests.length, 0)).toBe(771);
    });

    for (const [file, fileGroups] of byFile) {
      describe(file, () => {
        it.each(fileGroups.map((g) => [`#${g.index} ${g.description}`, g] as const))('%s', (_name, g) => {
          const compiled = compileLabelSchema(newSchemaCompiler(), g.schema);
          const key = `${g.file}#${g.index}`;
          if (DEVIATIONS[key] === 'refused at install') {
            expect(compiled.problems, 'listed as refused at install').toBeDefined();
            return;
          }
          expect(compiled.problems, JSON.stringify(compiled.problems)).toBeUndefined();
          if (compiled.problems) return;
          const validate = compiled.validate;
          for (const t of g.tests) {
            const deviation = DEVIATIONS[`${key}/${t.description}`];
            const got = validate(structuredClone(t.data));
            if (deviation)
              expect(got, `${t.description}: listed deviation no longer deviates`).toBe(!t.valid);
            else expect(got, t.description).toBe(t.valid);
          }
        });
      });
    }
  },
);

/** JSON text with members sorted by name; strings as JSON.stringify writes them. */
const canonical = (v: unknown): string =>
  typeof v !== 'object' || v === null
    ? JSON.stringify(v)
    : Array.isArray(v)
      ? `[${v.map(canonical).join(',')}]`
      : `{${Object.keys(v)
          .sort()
          .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
          .join(',')}}`;

/**
 * Every group end to end: one plugin per suite file, one vertex label per group, one POST per test.
 * The manifest is an ordinary JSON body (schemas with U+0000 in `const`/`enum`, members named
 * `__proto__`); every valid document is read back exactly as it was sent.
 */
describe.skipIf(!suitePath)(
  'JSON Schema draft 2020-12: the whole suite through POST /admin/plugins/{slug}/entities/{label}',
  () => {
    let app: TestApp;
    let admin: string;
    beforeAll(async () => {
      app = await startTestApp();
      admin = await app.adminToken();
    });
    afterAll(() => app?.close());

    it.each([...byFile.keys()])('%s', async (file) => {
      const fileGroups = byFile.get(file) ?? [];
      const slug = `suite-${file
        .replace('.json', '')
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')}`;
      const label = (g: SuiteGroup) => `${file.replace(/[^A-Za-z0-9]/g, '_')}_${g.index}`;
      const installed = await app.call('POST', '/admin/plugins', {
        token: admin,
        body: {
          manifest: {
            slug,
            name: `Suite ${file}`,
            version: '1.0.0',
            vertex_labels: fileGroups.map((g) => ({ name: label(g), schema: g.schema })),
          },
        },
      });
      expect(installed.status, installed.text).toBe(201);
      const shown = await app.call('GET', `/admin/plugins/${slug}`, { token: admin });
      expect(
        shown.body.vertex_labels.map((v: { schema: unknown }) => v.schema),
        'schemas are shown as installed',
      ).toEqual(fileGroups.map((g) => g.schema));
      let posted = 0;
      for (const g of fileGroups) {
        for (const t of g.tests) {
          const path = `/admin/plugins/${slug}/entities/${label(g)}`;
          const res = await app.call('POST', path, { token: admin, body: t.data });
          const what = `${g.description} / ${t.description}: ${res.text}`;
          expect(res.status, what).toBe(t.valid ? 201 : 422);
          posted++;
          if (!t.valid) continue;
          expect(res.body.properties, what).toEqual(t.data);
          const read = await app.call('GET', `${path}/${res.body.id}`, { token: admin });
          expect(read.status, what).toBe(200);
          // Every string and member name byte for byte (jsonb keeps members in an order of its own).
          expect(canonical(read.body.properties), what).toBe(canonical(t.data));
        }
      }
      expect(posted).toBe(fileGroups.reduce((n, g) => n + g.tests.length, 0));
    });
  },
);
