// A manifest's members come back in the order it was registered with (jsonb would put shorter names
// first): the plugin's read, the list and a label's `_schema`. Also: a reorder is a change of its own,
// and a plugin stored before the order was kept still reads, and takes the author's order when sent again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/harness.js';

let app: TestApp;
let admin: string;
beforeAll(async () => {
  app = await startTestApp();
  admin = await app.adminToken();
});
afterAll(() => app.close());

/** Neither alphabetical nor by length: what jsonb would answer is `a, b, zeta, middle_name`. */
const AUTHOR_ORDER = ['zeta', 'a', 'middle_name', 'b'];
const JSONB_ORDER = ['a', 'b', 'zeta', 'middle_name'];

function manifest(slug: string, order: string[]) {
  const properties = Object.fromEntries(order.map((k) => [k, { type: 'string', title: `The ${k}` }]));
  return {
    slug,
    name: `Ordered ${slug}`,
    version: '1.0.0',
    vertex_labels: [
      {
        name: `Ord${slug.replace(/[^a-z]/g, '')}`,
        // The schema's own members out of jsonb's order too.
        schema: { type: 'object', required: ['b'], properties, additionalProperties: false },
      },
    ],
  };
}

const keys = (o: unknown) => Object.keys(o as object);
const propertyNames = (plugin: { vertex_labels: { schema: { properties: object } }[] }) =>
  keys(plugin.vertex_labels[0]!.schema.properties);

async function plugin(slug: string) {
  const res = await app.call('GET', `/admin/plugins/${slug}`, { token: admin });
  expect(res.status).toBe(200);
  return res.body;
}

describe("a manifest's member order", () => {
  it('is kept by the install, the plugin read, the list and the label schema', async () => {
    const m = manifest('ordered-a', AUTHOR_ORDER);
    const created = await app.call('POST', '/admin/plugins', { token: admin, body: { manifest: m } });
    expect(created.status).toBe(201);
    expect(propertyNames(created.body)).toEqual(AUTHOR_ORDER);

    const read = await plugin('ordered-a');
    expect(propertyNames(read)).toEqual(AUTHOR_ORDER);
    expect(keys(read.vertex_labels[0].schema)).toEqual([
      'type',
      'required',
      'properties',
      'additionalProperties',
    ]);
    expect(keys(read.vertex_labels[0].schema.properties.middle_name)).toEqual(['type', 'title']);

    const list = await app.call('GET', '/admin/plugins?q=ordered-a', { token: admin });
    expect(list.status).toBe(200);
    expect(list.body.map(propertyNames)).toEqual([AUTHOR_ORDER]);

    const label = m.vertex_labels[0]!.name;
    const own = await app.call('GET', `/admin/plugins/ordered-a/entities/${label}/_schema`, { token: admin });
    expect(own.status).toBe(200);
    expect(keys(own.body.properties)).toEqual(AUTHOR_ORDER);
  });

  it('is kept from YAML text too', async () => {
    const yaml = [
      'slug: ordered-yaml',
      'name: Ordered from YAML',
      'version: 1.0.0',
      'vertex_labels:',
      '  - name: OrdYaml',
      '    schema:',
      '      type: object',
      '      properties:',
      ...AUTHOR_ORDER.map((k) => `        ${k}: {type: string}`),
    ].join('\n');
    const created = await app.call('POST', '/admin/plugins', { token: admin, body: { manifest: yaml } });
    expect(created.status).toBe(201);
    expect(propertyNames(await plugin('ordered-yaml'))).toEqual(AUTHOR_ORDER);
  });

  it('a PUT of the same manifest changes nothing; in another order, only the order and the revision', async () => {
    const same = await app.call('PUT', '/admin/plugins/ordered-a', {
      token: admin,
      body: { manifest: manifest('ordered-a', AUTHOR_ORDER) },
    });
    expect(same.status).toBe(200);
    expect(same.body.revision).toBe(1);

    const reordered = ['b', 'middle_name', 'zeta', 'a'];
    const put = await app.call('PUT', '/admin/plugins/ordered-a', {
      token: admin,
      body: { manifest: manifest('ordered-a', reordered) },
    });
    expect(put.status).toBe(200);
    expect(put.body.revision).toBe(2);
    expect(put.body.permissions).toEqual(same.body.permissions);
    expect(propertyNames(await plugin('ordered-a'))).toEqual(reordered);
    const schema = await app.call('GET', '/admin/plugins/ordered-a/entities/Ordordereda/_schema', {
      token: admin,
    });
    expect(keys(schema.body.properties)).toEqual(reordered);
  });

  it('a plugin stored without its text (or with a stale one) reads the object, and takes the order when sent again', async () => {
    const m = manifest('ordered-old', AUTHOR_ORDER);
    expect((await app.call('POST', '/admin/plugins', { token: admin, body: { manifest: m } })).status).toBe(
      201,
    );
    const sql = app.runtime.core.sql;
    const slugNode = `SELECT node_id FROM graph_keys WHERE namespace = 'Plugin.slug' AND key = 'ordered-old'`;
    // As a node written before the text was kept.
    await sql.query(
      `UPDATE graph_nodes SET props = props - 'manifest_text' - 'manifest_text_revision' WHERE id = (${slugNode})`,
    );
    const old = await plugin('ordered-old');
    expect(old.revision).toBe(1);
    expect(propertyNames(old)).toEqual(JSONB_ORDER);

    const again = await app.call('PUT', '/admin/plugins/ordered-old', {
      token: admin,
      body: { manifest: m },
    });
    expect(again.status).toBe(200);
    expect(again.body.revision).toBe(2);
    expect(propertyNames(await plugin('ordered-old'))).toEqual(AUTHOR_ORDER);

    // As a node upgraded by a version that kept the object only: the text belongs to an older revision.
    const changed = { ...m, description: 'changed by a replica that does not keep the text' };
    await sql.query(
      `UPDATE graph_nodes SET props = jsonb_set(jsonb_set(props, '{revision}', '3'), '{manifest,description}', $1)
        WHERE id = (${slugNode})`,
      [JSON.stringify(changed.description)],
    );
    const stale = await plugin('ordered-old');
    expect(stale.description).toBe(changed.description);
    expect(propertyNames(stale)).toEqual(JSONB_ORDER);
  });
});
