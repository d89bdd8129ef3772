// Bulk import of projects: POST /organizations/{org}/projects/import with NDJSON or CSV rows (slug,
// name, team, types, attributes, environments, links). Idempotent by slug: a new slug is created, an
// existing one updated, through the project service's own create and update (blueprints, types, teams
// and permissions are checked per row exactly as there), then its environments and links through the
// deployments and links services, each row in one savepoint of a batch transaction, so a refused row
// changes nothing and the others go on. What a batch's rows name is read once (import-lookups.ts). The body is spooled to a temporary file as it arrives (at most
// IMPORT_BODY_LIMIT, 413 above it before any row is written), then read back as a stream: memory holds
// one batch of rows at most, whatever the size of the import (docs/catalog.md, "Bulk import").
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { isDeepStrictEqual } from 'node:util';
import { Type } from 'typebox';
import { fromStorageError } from '../http/storage-errors.js';
import { authorize, authorizeNaming } from '../authz/guard.js';
import type { Sql, Tx } from '../db/sql.js';
import { AppError, type FieldError } from '../http/errors.js';
import { otherCharset } from '../http/json-body.js';
import { rawJsonSchema } from '../http/raw-json.js';
import { responses } from '../http/schemas.js';
import type { AuthContext } from '../kernel/context.js';
import type { Core } from '../kernel/core.js';
import type { Api } from '../kernel/domain.js';
import { authOf } from '../kernel/route.js';
import { organizationOfPath } from '../organizations/service.js';
import { archivedConflict, mayOnProject } from './access.js';
import { deploymentsService } from './deployments.js';
import { changedDeployments, namedIn } from './import-extras.js';
import { batchLookups, type BatchLookups } from './import-lookups.js';
import { csvRows, ndjsonRows, type ImportRow, type ParsedRow } from './import-parse.js';
import { linksService } from './links.js';
import { mergePatch } from './merge-patch.js';
import { projectsService } from './service.js';
import { findProject, type ProjectProps } from './store.js';

/** Largest body an import takes (413 above it, before any row is written). */
export const IMPORT_BODY_LIMIT = 50 * 1024 * 1024;
/** Most lines an import may hold (413 above it, before any row is written). */
export const MAX_IMPORT_LINES = 100_000;
/** Rows written per transaction, and the most characters of rows held at once. */
export const IMPORT_BATCH_ROWS = 500;
export const IMPORT_BATCH_CHARS = 4 * 1024 * 1024;
/** Refused rows listed in the report (all are counted). */
export const MAX_LISTED_REFUSALS = 1000;
/** Imports one process runs at once (each holds a database connection throughout); 503 beyond. */
export const MAX_CONCURRENT_IMPORTS = 2;

export const IMPORT_TYPES = ['application/x-ndjson', 'text/csv'] as const;

/**
 * The request body, unread, as the route receives it. The stream is held privately: the hooks that
 * walk a parsed body (the text check of api.ts) see an object with no members, and each row gets that
 * check instead (import-parse.ts).
 */
export class StreamedBody {
  readonly #stream: Readable;
  constructor(stream: Readable) {
    this.#stream = stream;
  }
  get stream(): Readable {
    return this.#stream;
  }
}

export interface ImportReport {
  created: number;
  updated: number;
  unchanged: number;
  refused_count: number;
  refused: Array<{ line: number; slug: string | null; status: number; code: string; errors: FieldError[] }>;
}

/** Reads the body into a file of its own, counting bytes and lines: 413 past either bound. */
async function spool(raw: Readable, declared: number, file: string): Promise<void> {
  const tooLarge = () =>
    new AppError(413, 'body_too_large', `an import is at most ${IMPORT_BODY_LIMIT} bytes`);
  if (declared > IMPORT_BODY_LIMIT) throw tooLarge();
  const out = fs.createWriteStream(file, { flags: 'wx', mode: 0o600 });
  let bytes = 0;
  let lines = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      const stop = (err?: Error) => {
        raw.off('data', onData);
        raw.off('end', onEnd);
        raw.off('error', stop);
        raw.off('close', onClose);
        if (err) reject(err);
        else out.end(() => resolve());
      };
      const onData = (chunk: Buffer) => {
        bytes += chunk.length;
        if (bytes > IMPORT_BODY_LIMIT) return stop(tooLarge());
        for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
        if (lines > MAX_IMPORT_LINES)
          return stop(new AppError(413, 'too_many_rows', `an import is at most ${MAX_IMPORT_LINES} lines`));
        if (!out.write(chunk)) {
          raw.pause();
          out.once('drain', () => raw.resume());
        }
      };
      const onEnd = () => stop();
      const onClose = () =>
        stop(new AppError(400, 'body_incomplete', 'the body ended before it was complete'));
      raw.on('data', onData);
      raw.on('end', onEnd);
      raw.on('error', stop);
      raw.on('close', onClose);
      raw.resume();
    });
  } finally {
    if (!out.closed) out.destroy();
  }
}

/**
 * A Sql whose transactions run in `tx` as they are: the services run on it write in the row's savepoint
 * (import.ts opens one per row), so a refused row is rolled back whole. What a row asks to run after
 * the commit goes to `after`, run after the batch's if the row was kept.
 */
function inRow(tx: Tx, base: Sql, row: { after: Array<() => void> }): Sql {
  const query: Tx['query'] = (text, params) => tx.query(text, params);
  const one: Tx['one'] = (text, params) => tx.one(text, params);
  return {
    query,
    one,
    pool: base.pool,
    close: async () => {},
    tx: (fn) => fn({ query, one, afterCommit: (f) => void row.after.push(f) }),
  };
}

/** What a row changes of an existing project (the fields of a PATCH), or undefined: nothing. */
function changesOf(current: ProjectProps, row: ImportRow) {
  const patch: { name?: string; team?: string; types?: string[]; attributes?: Record<string, unknown> } = {};
  if (row.name !== current.name) patch.name = row.name;
  if (row.team !== current.team) patch.team = row.team;
  if (row.types !== undefined && !isDeepStrictEqual(row.types, current.types ?? [])) patch.types = row.types;
  if (row.attributes !== undefined) {
    const before = current.attributes ?? {};
    if (!isDeepStrictEqual(mergePatch(before, row.attributes), before)) patch.attributes = row.attributes;
  }
  return Object.keys(patch).length > 0 ? patch : undefined;
}

type Deps = Pick<Core, 'sql' | 'graphCache' | 'pages' | 'analytics'>;

export function importService(deps: Deps) {
  const { sql } = deps;
  let running = 0;

  /** The services a batch's rows go through, writing in the row's savepoint. */
  function servicesOf(rowSql: Sql, lookups: BatchLookups['lookups']) {
    const on = { ...deps, sql: rowSql };
    return {
      projects: projectsService({ ...on, lookups }),
      deployments: deploymentsService(on),
      links: linksService(on),
    };
  }

  /** One row, in its savepoint: created, updated or unchanged; an AppError refuses it. */
  async function apply(
    tx: Tx,
    services: ReturnType<typeof servicesOf>,
    ctx: AuthContext,
    found: BatchLookups,
    touched: ReadonlySet<string>,
    row: ImportRow,
  ): Promise<'created' | 'updated' | 'unchanged'> {
    const org = found.org();
    const named = namedIn(ctx, found, org, row);
    // A slug an earlier row of the batch wrote is read again; the others as the batch began.
    const existing = touched.has(row.slug)
      ? await findProject(tx, org.id, row.slug)
      : found.project(row.slug);
    let outcome: 'created' | 'updated' | undefined;
    if (!existing) {
      await services.projects.create(ctx, org.props.slug, row);
      outcome = 'created';
    } else {
      const patch = changesOf(existing.props, row);
      if (patch) {
        await services.projects.update(ctx, org.props.slug, row.slug, patch);
        outcome = 'updated';
      }
    }
    const { environments, links } = changedDeployments(existing?.props, named);
    for (const e of environments)
      await services.deployments.put(ctx, org.props.slug, row.slug, e.slug, e.url);
    for (const l of links) await services.links.putProjectLink(ctx, org.props.slug, row.slug, l.slug, l.url);
    if (outcome) return outcome;
    if (environments.length > 0 || links.length > 0) return 'updated';
    // Nothing to change, still said only to a caller who could have changed it.
    await mayOnProject(tx, ctx, existing!, row.slug, 'update');
    if (existing!.props.archived) throw archivedConflict(row.slug);
    return 'unchanged';
  }

  async function run(ctx: AuthContext, orgSlug: string, rows: AsyncIterable<ParsedRow>) {
    const report: ImportReport = { created: 0, updated: 0, unchanged: 0, refused_count: 0, refused: [] };
    const refuse = (entry: ImportReport['refused'][number]) => {
      report.refused_count++;
      if (report.refused.length < MAX_LISTED_REFUSALS) report.refused.push(entry);
    };
    const write = (batch: Array<{ line: number; row: ImportRow }>) =>
      sql.tx(async (tx) => {
        // What the rows name, read once for the batch, outside the rows' savepoints (a lock taken in
        // a savepoint rolled back would be let go).
        const found = await batchLookups(
          tx,
          ctx,
          orgSlug,
          batch.map((b) => b.row),
        );
        const current = { after: [] as Array<() => void> };
        const services = servicesOf(inRow(tx, sql, current), found.lookups);
        const touched = new Set<string>();
        for (const { line, row } of batch) {
          current.after = [];
          await tx.query('SAVEPOINT import_row');
          try {
            const outcome = await apply(tx, services, ctx, found, touched, row);
            await tx.query('RELEASE SAVEPOINT import_row');
            for (const f of current.after) tx.afterCommit(f);
            report[outcome]++;
          } catch (caught) {
            await tx.query('ROLLBACK TO SAVEPOINT import_row');
            // What the API answers for a storage error (a key taken meanwhile, say) refuses the row alone.
            const err = caught instanceof AppError ? caught : fromStorageError(caught);
            if (!err) throw caught;
            refuse({
              line,
              slug: row.slug,
              status: err.status,
              code: err.code,
              errors: err.errors?.map((e) => ({ pointer: e.pointer, detail: e.detail })) ?? [
                { pointer: '', detail: err.detail },
              ],
            });
          } finally {
            touched.add(row.slug);
          }
        }
      });
    let batch: Array<{ line: number; row: ImportRow }> = [];
    let chars = 0;
    for await (const parsed of rows) {
      if ('refused' in parsed) {
        refuse({ line: parsed.line, slug: parsed.slug, ...parsed.refused });
        continue;
      }
      batch.push(parsed);
      chars += parsed.size;
      if (batch.length >= IMPORT_BATCH_ROWS || chars >= IMPORT_BATCH_CHARS) {
        await write(batch);
        batch = [];
        chars = 0;
      }
    }
    if (batch.length > 0) await write(batch);
    return report;
  }

  return {
    async import(
      ctx: AuthContext,
      orgSlug: string,
      headers: { 'content-type'?: string | undefined; 'content-length'?: string | undefined },
      body: Readable | undefined,
    ): Promise<ImportReport> {
      authorize(ctx, 'project:create');
      authorizeNaming(ctx, 'team:read', { pointer: '/team', in: 'body' }, 'a team');
      const contentType = headers['content-type'];
      if (otherCharset(contentType))
        throw new AppError(415, 'unsupported_charset', 'an import is UTF-8: send it without another charset');
      const org = await organizationOfPath(ctx, sql, orgSlug);
      if (!body)
        throw new AppError(415, 'unsupported_media_type', `send the rows as ${IMPORT_TYPES.join(' or ')}`);
      if (running >= MAX_CONCURRENT_IMPORTS) {
        const busy = new AppError(503, 'imports_busy', 'other imports are running: try again shortly');
        busy.retryAfter = 5;
        throw busy;
      }
      running++;
      const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'keel-import-'));
      try {
        const file = path.join(dir, 'body');
        await spool(body, Number(headers['content-length'] ?? 0) || 0, file);
        const text = fs.createReadStream(file, { encoding: 'utf8', highWaterMark: 64 * 1024 });
        try {
          const csv = (contentType ?? '').toLowerCase().startsWith('text/csv');
          return await run(ctx, org.props.slug, csv ? csvRows(text) : ndjsonRows(text));
        } finally {
          text.destroy();
        }
      } finally {
        running--;
        await fs.promises.rm(dir, { recursive: true, force: true });
      }
    },
  };
}

const FieldErrorRead = Type.Object({ pointer: Type.String(), detail: Type.String() });
const ReportRead = Type.Object({
  created: Type.Integer(),
  updated: Type.Integer(),
  unchanged: Type.Integer({ description: 'rows that matched the project as stored (nothing written)' }),
  refused_count: Type.Integer(),
  refused: Type.Array(
    Type.Object({
      line: Type.Integer({ description: 'the line the row starts on (the CSV header is line 1)' }),
      slug: Type.Union([Type.String(), Type.Null()]),
      status: Type.Integer({ description: 'what the single-project route would have answered' }),
      code: Type.String(),
      errors: Type.Array(FieldErrorRead, { description: 'pointers into the row, as into a POST body' }),
    }),
    { description: `the first ${MAX_LISTED_REFUSALS} refused rows, in line order` },
  ),
});

export async function importRoutes(api: Api, imports: ReturnType<typeof importService>): Promise<void> {
  // The body is read by the route, as a stream: a scope whose only parsers hand it over unread.
  await api.register(async (instance) => {
    const scope = instance as unknown as Api;
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser([...IMPORT_TYPES], (_req, payload, done) =>
      done(null, new StreamedBody(payload)),
    );
    scope.post(
      '/organizations/:org/projects/import',
      {
        bodyLimit: IMPORT_BODY_LIMIT,
        schema: {
          tags: ['projects'],
          consumes: [...IMPORT_TYPES],
          params: Type.Object({ org: Type.String({ maxLength: 200 }) }),
          body: rawJsonSchema(
            Type.String({
              description:
                'NDJSON: one object a line with slug, name, team, types (array), attributes (object), ' +
                'environments (object: {<environment slug>: {url?}}) and links (object: {<definition slug>: url}). ' +
                'CSV: a header row naming slug, name, team and optionally types (slugs separated by ;), ' +
                'attributes (a JSON object), attr.<name> columns (text), env.<environment>.url and ' +
                'link.<definition> columns (URLs).',
            }),
          ),
          response: responses({ 200: ReportRead }),
        },
      },
      async (req) => {
        // Nothing goes over the connection while the rows are written (a 10,000-row import takes
        // tens of seconds): the server's idle timeout (KEEL_HTTP_CONNECTION_TIMEOUT_MS) would close it
        // and the report would be lost. The import's own bounds (lines, body, statements) bound it.
        // (A request injected in-process has a socket without timers.)
        const socket = typeof req.raw.socket?.setTimeout === 'function' ? req.raw.socket : undefined;
        const idle = socket?.timeout ?? 0;
        socket?.setTimeout(0);
        try {
          return await imports.import(
            authOf(req),
            req.params.org,
            req.headers,
            req.body instanceof StreamedBody ? req.body.stream : undefined,
          );
        } finally {
          socket?.setTimeout(idle);
        }
      },
    );
  });
}
