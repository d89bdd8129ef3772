// Raw baselines: bare Fastify routes that run the same SQL on the same pool (src/db/sql.ts, same size)
// as Keel and send the same JSON, with no authentication, no schema and no service layer. Started as
// its own process (bench/raw.ts) by bench/scenarios/plugins.ts, scale.ts and catalog-model.ts.
import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import type pg from 'pg';
import { eventRow } from '../src/analytics/index.js';
import { outboxAnalytics } from '../src/analytics/outbox/record.js';
import { insertComment } from '../src/comments/store.js';
import { createSql, onConnection } from '../src/db/sql.js';
import {
  GET_NODE_TEXT,
  NODE_TEXT_COLS as TEXT_COLS,
  type GraphNodeText,
  type Props,
} from '../src/graph/store.js';
import { projectPageStatement, type FactKind } from '../src/projects/list.js';
import { findProjectBySlugs } from '../src/projects/store.js';

const sql = createSql(process.env.KEEL_DATABASE_URL!, Number(process.env.KEEL_DATABASE_POOL_SIZE ?? 20));
const app = Fastify();
type Node = { id: string; label: string; props: unknown; created_at: Date; updated_at: Date };
// Plugin entities: read with Keel's columns (the document as PostgreSQL's JSON text, the times as ISO
// text), and written into the same answer around them (Keel's entity-json.ts, without its checks for
// the stored form and for numbers jsonb writes in full).
type TextNode = GraphNodeText & Props;
const entity = (slug: string, label: string, n: TextNode) =>
  `{"id":"${n.id}","plugin":${JSON.stringify(slug)},"label":${JSON.stringify(label)},"properties":${n.props},` +
  `"created_at":"${n.created_at}","updated_at":"${n.updated_at}"}`;

// The list's statement built once, as Keel's hottest reads are; the get runs Keel's own (graph/store.ts).
const LIST = `SELECT ${TEXT_COLS} FROM graph_nodes n WHERE n.label = $1 ORDER BY n.id LIMIT $2`;
app.get<{ Params: { slug: string; label: string } }>('/raw/:slug/:label', async (req, reply) => {
  const { slug, label } = req.params;
  const rows = await sql.query<TextNode>(LIST, [`plugin:${slug}:${label}`, 51]);
  const body = `[${rows
    .slice(0, 50)
    .map((n) => entity(slug, label, n))
    .join(',')}]`;
  return reply.type('application/json; charset=utf-8').send(body);
});
app.get<{ Params: { slug: string; label: string; id: string } }>(
  '/raw/:slug/:label/:id',
  async (req, reply) => {
    const { slug, label, id } = req.params;
    const n = await sql.one<TextNode>(GET_NODE_TEXT, [id, `plugin:${slug}:${label}`]);
    return reply.type('application/json; charset=utf-8').send(entity(slug, label, n!));
  },
);
// The scale benches' ceiling: a first page of projects with the statement Keel's list runs
// (src/projects/list.ts: the live projects' partial index, or with `?kind=&name=&value=` one fact
// filter's walk of project_facts), mapped to the same fields, against a bare /health of this server.
type ProjectProps = Record<string, unknown> & { slug: string; name: string; team: string };
app.get<{
  Params: { org: string; orgSlug: string };
  Querystring: { kind?: FactKind; name?: string; value?: string };
}>('/raw-projects/:org/:orgSlug', async (req) => {
  const { kind, name, value } = req.query;
  const filter = {
    organization: req.params.org,
    archived: false,
    facts: kind ? [{ kind, name: name ?? '', values: [value ?? ''] }] : [],
  };
  const { params } = projectPageStatement(filter, { limit: '', after: undefined });
  const { text } = projectPageStatement(filter, { limit: `$${params.length + 1}`, after: undefined });
  const rows = await sql.query<Node & { props: ProjectProps }>(text, [...params, 51]);
  return rows.slice(0, 50).map((n) => ({
    id: n.id,
    slug: n.props.slug,
    name: n.props.name,
    organization: req.params.orgSlug,
    team: n.props.team,
    types: n.props.types ?? [],
    attributes: n.props.attributes,
    archived: n.props.archived ?? null,
    score: n.props.score ?? null,
    previous_score: n.props.previous_score ?? null,
    updated_by: n.props.updated_by ?? null,
    created_at: n.created_at,
    updated_at: n.updated_at,
  }));
});
// The Idempotency-Key bench's floor (bench/scenarios/idempotency.ts): a comment posted with the statements
// of Keel's comment transaction (the project by its slugs, the comment and its edge, its event in the
// outbox), and, when the request has a key, the least a key kept durable with its change can cost: one
// row holding the key and the answer, sent with the transaction's COMMIT in the same round trip and
// executed by name (prepared once per connection). No hooks, no seal of the answer, no statement or
// round trip of its own. A key already there fails the insert, and with it the COMMIT sent after it
// (the change rolls back: a repeat is refused, never applied twice; the bench sends none).
const analytics = outboxAnalytics();
const KEY_ROW = {
  name: 'raw_key_row',
  command: `PREPARE raw_key_row(text, text, text, text) AS
    INSERT INTO idempotency_keys (principal, key, fingerprint, status, headers, body, expires_at)
    VALUES ($1, $2, $3, 201, '{"content-type":"application/json; charset=utf-8"}', $4, now() + interval '24 hours')`,
};
const keyRowReady = new WeakSet<pg.PoolClient>();
app.post<{ Params: { org: string; project: string }; Body: { body: string } }>(
  '/raw-comments/:org/:project',
  async (req, reply) => {
    const key = req.headers['idempotency-key'];
    const { org, project } = req.params;
    const client = await sql.pool.connect();
    let answer: string;
    try {
      if (typeof key === 'string' && !keyRowReady.has(client)) {
        await client.query(KEY_ROW.command);
        keyRowReady.add(client);
      }
      await client.query('BEGIN');
      const tx = onConnection(client);
      const found = await findProjectBySlugs(tx, org, project);
      if (!found) throw Object.assign(new Error('no such project'), { statusCode: 404 });
      const comment = await insertComment(tx, {
        body: req.body.body,
        author: 'raw',
        project_id: found.project.id,
      });
      await analytics.event(
        tx,
        eventRow({
          event_type: 'comment.created',
          source: 'comments',
          who: { principal_name: 'raw', actor_name: 'raw' },
          organization: org,
          project,
          subject_id: comment.id,
          summary: `raw commented on project ${project}`,
          metadata: { project_id: found.project.id, body_length: req.body.body.length },
        }),
      );
      answer = JSON.stringify({
        id: comment.id,
        organization: org,
        project,
        body: comment.props.body,
        author: comment.props.author,
        created_at: comment.created_at.toISOString(),
      });
      if (typeof key === 'string') {
        const fingerprint = createHash('sha256')
          .update(`${req.method} ${req.url} ${JSON.stringify(req.body)}`)
          .digest('base64url');
        const lit = (v: string) => client.escapeLiteral(v);
        await client.query(
          `EXECUTE ${KEY_ROW.name}(${lit('raw')}, ${lit(key)}, ${lit(fingerprint)}, ${lit(answer)}); COMMIT`,
        );
      } else await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK');
      if ((err as { code?: string }).code === '23505')
        throw Object.assign(new Error('key in use'), { statusCode: 409 });
      throw err;
    } finally {
      client.release();
    }
    return reply.code(201).type('application/json; charset=utf-8').send(answer);
  },
);
app.get('/health', async () => ({ status: 'ok' }));
app.get('/ready', async () => ({ ok: true }));

// Exits on SIGTERM through process.exit, so that a CPU profile (BENCH_CPU_PROFILE) is written.
process.once('SIGTERM', () => process.exit(0));
await app.listen({ host: '127.0.0.1', port: Number(process.env.RAW_PORT) });
