#!/usr/bin/env node
// keel: one binary, several roles (DESIGN.md section 2).
import { parseArgs } from 'node:util';
import { loadSettings, SettingsError } from '../config/settings.js';
import { boot, LOCAL_ADMIN } from '../app/boot.js';
import { secretsFile } from '../config/data-dir-secrets.js';
import { allDomains } from '../app/domains.js';
import { run, stopOnSignals, type Role } from '../app/run.js';
import { generateSigningKey } from '../crypto/jwt.js';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { finishSetup, setupServiceAccounts } from '../delegation/setup.js';

const USAGE = `keel <command>

Commands:
  serve                    the API and every background task in one process: the outbox relay, the
                           score recompute worker, the scheduler (under /scheduler) and the analytics
                           connector (embedded PostgreSQL, stream and ClickHouse engine when
                           KEEL_DATABASE_URL is not set)
  api                      the HTTP API and the outbox relay
  worker                   queue consumers (the score recompute worker) and the outbox relay
  scheduler                the scheduler service: its API on KEEL_SCHEDULER_PORT (/scheduler/...) and the
                           firing loop; calls the Keel API at KEEL_SCHEDULER_API_URL (several replicas may run)
  connector                the analytics connector: stream -> ClickHouse, its sinks read from
                           KEEL_CONNECTOR_CONFIG_URL with KEEL_CONNECTOR_API_KEY (several replicas may run)
  migrate                  apply database migrations and seeds, then exit
  users create --email E [--password-stdin | --password-file F] [--admin]
                           (the password never goes on the command line, where other users see it)
  setup-service-accounts   create the scheduler's service account, role and client credential
                           (adopts KEEL_SCHEDULER_CLIENT_ID/SECRET when set; also done by serve)
  keys generate            print a new signing key and encryption keys for production settings
`;

/** The password from standard input or a file (one trailing newline dropped); none when neither is given. */
async function readPassword(fromStdin: boolean, file: string | undefined): Promise<string | undefined> {
  if (fromStdin && file !== undefined) throw new Error('give --password-stdin or --password-file, not both');
  let raw: string;
  if (fromStdin) {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    raw = Buffer.concat(chunks).toString('utf8');
  } else if (file !== undefined) {
    raw = await readFile(file, 'utf8');
  } else {
    return undefined;
  }
  const password = raw.replace(/\r?\n$/, '');
  if (password === '') throw new Error('the password read is empty');
  return password;
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === 'help' || command === '--help') {
    console.log(USAGE);
    return command ? 0 : 2;
  }
  if (command === 'keys' && rest[0] === 'generate') {
    console.log(`KEEL_AUTH_JWT_PRIVATE_KEY=${Buffer.from(generateSigningKey()).toString('base64')}`);
    console.log(`KEEL_AUTH_ENCRYPTION_KEY=${randomBytes(32).toString('base64')}`);
    console.log(`KEEL_CONFIG_ENCRYPTION_KEY=${randomBytes(32).toString('base64')}`);
    return 0;
  }

  const settings = loadSettings();
  const domains = allDomains();

  if (command === 'migrate') {
    const runtime = await boot(settings, domains);
    await runtime.close();
    console.log('migrations and seeds applied');
    return 0;
  }

  if (command === 'users') {
    const { values, positionals } = parseArgs({
      args: rest,
      allowPositionals: true,
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        'password-stdin': { type: 'boolean', default: false },
        'password-file': { type: 'string' },
        admin: { type: 'boolean', default: false },
      },
    });
    if (positionals[0] !== 'create' || !values.email) {
      console.error('usage: keel users create --email E [--password-stdin | --password-file F] [--admin]');
      return 2;
    }
    if (values.password !== undefined) {
      console.error(
        'keel users create: --password is refused: a command line is visible to every user of the machine (ps); use --password-stdin or --password-file F',
      );
      return 2;
    }
    let password: string | undefined;
    try {
      password = await readPassword(values['password-stdin'], values['password-file']);
    } catch (err) {
      console.error(`keel users create: ${(err as Error).message}`);
      return 2;
    }
    const runtime = await boot(settings, domains);
    try {
      const existing = await runtime.core.identity.users.findByEmailUnchecked(values.email);
      if (existing) {
        console.log(`user ${values.email} already exists`);
        return 0;
      }
      await runtime.core.identity.users.createUnchecked(
        { email: values.email, password, is_admin: values.admin },
        'cli',
      );
      console.log(`created user ${values.email}${values.admin ? ' (admin)' : ''}`);
      return 0;
    } finally {
      await runtime.close();
    }
  }

  if (command === 'setup-service-accounts') {
    const runtime = await boot(settings, domains);
    try {
      const outcome = finishSetup(await setupServiceAccounts(runtime.core), {
        embedded: runtime.embedded,
        dataDir: settings.dataDir,
      });
      for (const line of outcome.lines) console.log(line);
      if (outcome.warning) {
        console.error(outcome.warning);
        return 1;
      }
      return 0;
    } finally {
      await runtime.close();
    }
  }

  const roles: Role[] = ['serve', 'api', 'worker', 'scheduler', 'connector'];
  if (!roles.includes(command as Role)) {
    console.error(`unknown command: ${command}\n\n${USAGE}`);
    return 2;
  }
  const runtime = await boot(settings, domains);
  if (command === 'serve') {
    // The built-in scheduler needs its account; a failure here must not keep the API down.
    try {
      const outcome = finishSetup(await setupServiceAccounts(runtime.core), {
        embedded: runtime.embedded,
        dataDir: settings.dataDir,
      });
      for (const line of outcome.lines) console.log(line);
      if (outcome.warning) runtime.core.log.warn(outcome.warning);
    } catch (err) {
      runtime.core.log.error({ err }, 'setting up service accounts failed');
    }
  }
  const starting = run(runtime, command as Role);
  stopOnSignals(starting, (m) => runtime.core.log.info(m));
  const running = await starting;
  if (running.url) {
    console.log(`\nKeel is listening on ${running.url}  (API docs: ${running.url}/docs)`);
    if (runtime.embedded) console.log(`Data (embedded PostgreSQL, generated secrets): ${settings.dataDir}`);
    if (settings.bootstrapAdmin) {
      console.log(
        `Log in: POST ${running.url}/auth/login {"email":"${settings.bootstrapAdmin.email}","password":...}`,
      );
    } else if (runtime.embedded) {
      console.log(
        `Log in: POST ${running.url}/auth/login with {"email":"${LOCAL_ADMIN}","password":...}; the password is\n` +
          `  "admin_password" in ${secretsFile(settings.dataDir)} (readable by you only).`,
      );
    } else {
      console.log(
        `Create a user to log in: npx keel users create --email you@example.com --password-stdin --admin\n` +
          `  (or set KEEL_BOOTSTRAP_ADMIN_EMAIL and KEEL_BOOTSTRAP_ADMIN_PASSWORD), then POST ${running.url}/auth/login`,
      );
    }
  }
  return -1; // keep running
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exit(code);
  },
  (err: unknown) => {
    if (err instanceof SettingsError) console.error(`configuration error: ${err.message}`);
    else console.error(err instanceof Error ? (err.stack ?? err.message) : err);
    process.exit(1);
  },
);
