// `npm run lint:api`: builds the API as `keel serve` does (on a database of its own, dropped after),
// writes the document it serves at /openapi.json to a temporary file, and lints it with Redocly CLI
// (redocly.yaml: the `recommended` rules). Exits with the linter's status.
//
// The database: a fresh one on the PostgreSQL of KEEL_TEST_DATABASE_URL when set (as in CI), else the
// embedded PostgreSQL in a temporary data directory.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { boot } from '../src/app/boot.js';
import { buildApi } from '../src/app/api.js';
import { allDomains } from '../src/app/domains.js';
import { loadSettings } from '../src/config/settings.js';
import { generateSigningKey } from '../src/crypto/jwt.js';

async function withDatabase<T>(run: (url: string | undefined) => Promise<T>): Promise<T> {
  const adminUrl = process.env.KEEL_TEST_DATABASE_URL;
  if (!adminUrl) return run(undefined);
  const name = `keel_lint_api_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return await run(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

const dir = mkdtempSync(path.join(tmpdir(), 'keel-lint-api-'));
chmodSync(dir, 0o777); // the embedded server may run as the postgres user (src/db/embedded.ts)
let status = 1;
try {
  const document = await withDatabase(async (databaseUrl) => {
    const settings = loadSettings({
      ...(databaseUrl ? { KEEL_DATABASE_URL: databaseUrl } : {}),
      KEEL_DATA_DIR: path.join(dir, 'data'),
      KEEL_AUTH_JWT_PRIVATE_KEY: generateSigningKey(),
      KEEL_AUTH_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      KEEL_CONFIG_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      KEEL_LOG_LEVEL: 'warn',
      KEEL_STREAM_URL: 'postgres',
    });
    const runtime = await boot(settings, allDomains());
    const api = await buildApi(runtime.core, runtime.domains);
    try {
      await api.ready();
      const res = await api.inject({ method: 'GET', url: '/openapi.json' });
      if (res.statusCode !== 200) throw new Error(`/openapi.json answered ${res.statusCode}`);
      return res.body;
    } finally {
      await api.close();
      await runtime.close();
    }
  });
  const file = path.join(dir, 'openapi.json');
  writeFileSync(file, document);
  const lint = spawnSync(
    'npx',
    [
      'redocly',
      'lint',
      file,
      '--config',
      'redocly.yaml',
      '--max-problems',
      '1000',
      '--format',
      process.env.KEEL_LINT_API_FORMAT ?? 'codeframe',
    ],
    {
      stdio: 'inherit',
    },
  );
  status = lint.status ?? 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exit(status);
