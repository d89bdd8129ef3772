// The raw baseline of the plugin-entity reads: a bare Fastify route that runs the same SQL on the same
// pool (src/db/sql.ts, same size) as Keel and sends the same JSON, with no authentication, no schema and
// no service layer. Started as its own process by bench/scenarios/plugins.ts.
import Fastify from 'fastify';
import { createSql } from '../src/db/sql.js';

const sql = createSql(process.env.KEEL_DATABASE_URL!, Number(process.env.KEEL_DATABASE_POOL_SIZE ?? 20));
const app = Fastify();
const COLS = 'n.id, n.label, n.props, n.created_at, n.updated_at';
type Node = { id: string; label: string; props: unknown; created_at: Date; updated_at: Date };
const read = (slug: string, label: string, n: Node) => ({
  id: n.id,
  plugin: slug,
  label,
  properties: n.props,
  created_at: n.created_at,
  updated_at: n.updated_at,
});

app.get<{ Params: { slug: string; label: string } }>('/raw/:slug/:label', async (req) => {
  const { slug, label } = req.params;
  const rows = await sql.query<Node>(
    `SELECT ${COLS} FROM graph_nodes n WHERE n.label = $1 ORDER BY n.id LIMIT $2`,
    [`plugin:${slug}:${label}`, 51],
  );
  return rows.slice(0, 50).map((n) => read(slug, label, n));
});
app.get<{ Params: { slug: string; label: string; id: string } }>('/raw/:slug/:label/:id', async (req) => {
  const { slug, label, id } = req.params;
  const n = await sql.one<Node>(`SELECT ${COLS} FROM graph_nodes n WHERE n.id = $1 AND n.label = $2`, [
    id,
    `plugin:${slug}:${label}`,
  ]);
  return read(slug, label, n!);
});
app.get('/ready', async () => ({ ok: true }));

await app.listen({ host: '127.0.0.1', port: Number(process.env.RAW_PORT) });
