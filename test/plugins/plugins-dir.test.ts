// KEEL_PLUGINS_DIR: manifests found there are installed at start-up, idempotently; a changed
// manifest is an upgrade by the rules of PUT; a manifest that cannot be applied stops start-up.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, startTestApp, type TestApp } from '../support/harness.js';
import { exampleYaml, generatedManifest } from './fixtures.js';

let dir: string;
let db: Awaited<ReturnType<typeof createTestDatabase>>;
const apps: TestApp[] = [];

/** The same admin on every replica (the harness's admin gets a fresh password per app). */
const tokenOf = (app: TestApp) =>
  app.user('dir-admin@example.com', { admin: true, password: 'dir-admin-password' });

async function boot(pluginsDir = dir): Promise<TestApp> {
  const app = await startTestApp({ database: db, env: { KEEL_PLUGINS_DIR: pluginsDir } });
  apps.push(app);
  return app;
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'keel-plugins-'));
  fs.writeFileSync(path.join(dir, 'cloud-accounts.yaml'), exampleYaml());
  fs.writeFileSync(
    path.join(dir, 'generated.json'),
    JSON.stringify(generatedManifest('generated-dir', 'Gd').manifest),
  );
  fs.writeFileSync(path.join(dir, 'README.txt'), 'not a manifest: ignored');
  db = await createTestDatabase();
});
afterAll(async () => {
  for (const app of apps.reverse()) await app.close();
  await db.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('KEEL_PLUGINS_DIR: manifests are installed at start-up', () => {
  it('two replicas starting together install each plugin once', async () => {
    const [a, b] = await Promise.all([boot(), boot()]);
    for (const app of [a, b]) {
      const res = await app.call('GET', '/admin/plugins', { token: await tokenOf(app) });
      expect(res.status).toBe(200);
      expect(res.body.map((p: { slug: string }) => p.slug).sort()).toEqual([
        'cloud-accounts',
        'generated-dir',
      ]);
      for (const p of res.body) expect(p).toMatchObject({ revision: 1, installed_by: 'KEEL_PLUGINS_DIR' });
    }
    const perms = await a.call('GET', '/permissions', { token: await tokenOf(a) });
    expect(perms.body.map((p: { name: string }) => p.name)).toContain(
      'plugins:generated-dir:entities:GdService:read',
    );
    expect(a.logs.join('\n')).toContain('plugins installed from KEEL_PLUGINS_DIR');
  });

  it('a restart with the same manifests changes nothing', async () => {
    const app = await boot();
    const res = await app.call('GET', '/admin/plugins/cloud-accounts', { token: await tokenOf(app) });
    expect(res.body.revision).toBe(1);
  });

  it('a changed manifest is an upgrade', async () => {
    const app = apps[0]!;
    const token = await tokenOf(app);
    const created = await app.call('POST', '/admin/plugins/cloud-accounts/entities/CloudAccount', {
      token,
      body: { provider: 'aws', account_id: 'dir-1', name: 'From dir' },
    });
    expect(created.status).toBe(201);
    fs.writeFileSync(
      path.join(dir, 'cloud-accounts.yaml'),
      exampleYaml()
        .replace('version: 1.0.0', 'version: 1.1.0')
        .replace(
          '        monthly_budget_usd:',
          '        cost_centre:\n          type: string\n        monthly_budget_usd:',
        ),
    );
    const restarted = await boot();
    const res = await restarted.call('GET', '/admin/plugins/cloud-accounts', {
      token: await tokenOf(restarted),
    });
    expect(res.body).toMatchObject({ version: '1.1.0', revision: 2, updated_by: 'KEEL_PLUGINS_DIR' });
    expect(res.body.vertex_labels[0].schema.properties.cost_centre).toEqual({ type: 'string' });
  });
});

describe('KEEL_PLUGINS_DIR: a manifest that cannot be applied stops start-up, naming the file', () => {
  it('an upgrade that stored entities would fail', async () => {
    const bad = fs.mkdtempSync(path.join(os.tmpdir(), 'keel-plugins-bad-'));
    fs.writeFileSync(
      path.join(bad, 'cloud-accounts.yaml'),
      exampleYaml().replace(
        'required: [provider, account_id, name]',
        'required: [provider, account_id, name, owner]',
      ),
    );
    await expect(boot(bad)).rejects.toThrow(/cloud-accounts\.yaml: .*1 of 1 stored CloudAccount entities/);
    fs.rmSync(bad, { recursive: true, force: true });
  });

  it('an invalid manifest', async () => {
    const bad = fs.mkdtempSync(path.join(os.tmpdir(), 'keel-plugins-bad-'));
    fs.writeFileSync(
      path.join(bad, 'broken.yml'),
      'slug: broken\nname: Broken\nversion: 1.0.0\nvertex_labels:\n  - name: Bad Label\n    schema: {type: object}\n',
    );
    await expect(boot(bad)).rejects.toThrow(/broken\.yml: vertex_labels\/0\/name/);
    fs.writeFileSync(path.join(bad, 'broken.yml'), 'slug: [unclosed');
    await expect(boot(bad)).rejects.toThrow(/broken\.yml: .*not valid YAML or JSON/);
    fs.rmSync(bad, { recursive: true, force: true });
  });

  it('two files declaring one plugin (checked before anything is applied)', async () => {
    const bad = fs.mkdtempSync(path.join(os.tmpdir(), 'keel-plugins-bad-'));
    fs.writeFileSync(path.join(bad, 'a.yaml'), exampleYaml());
    fs.writeFileSync(path.join(bad, 'b.yaml'), exampleYaml());
    await expect(boot(bad)).rejects.toThrow(/b\.yaml: plugin cloud-accounts is also declared by a\.yaml/);
    fs.rmSync(bad, { recursive: true, force: true });
  });

  it('a directory applies whole or not at all', async () => {
    const bad = fs.mkdtempSync(path.join(os.tmpdir(), 'keel-plugins-bad-'));
    fs.writeFileSync(
      path.join(bad, 'a-new.json'),
      JSON.stringify(generatedManifest('never-installed', 'Ni').manifest),
    );
    fs.writeFileSync(
      path.join(bad, 'b-cloud.yaml'),
      exampleYaml().replace(
        'required: [provider, account_id, name]',
        'required: [provider, account_id, name, owner]',
      ),
    );
    await expect(boot(bad)).rejects.toThrow(/b-cloud\.yaml/);
    const app = apps[0]!;
    expect(
      (await app.call('GET', '/admin/plugins/never-installed', { token: await tokenOf(app) })).status,
    ).toBe(404);
    fs.rmSync(bad, { recursive: true, force: true });
  });

  it('a directory that does not exist', async () => {
    await expect(boot(path.join(dir, 'missing'))).rejects.toThrow(/KEEL_PLUGINS_DIR: cannot read/);
  });

  it('nothing changed after the refused start-ups', async () => {
    const app = apps[0]!;
    const res = await app.call('GET', '/admin/plugins/cloud-accounts', { token: await tokenOf(app) });
    expect(res.body.revision).toBe(2);
    expect((await app.call('GET', '/admin/plugins/broken', { token: await tokenOf(app) })).status).toBe(404);
  });
});
