import Fastify from 'fastify';
import pg from 'pg';
const pool = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:5432/test', max: 20 });
const app = Fastify();
const { rows: sample } = await pool.query(`SELECT id, label, props, created_at, updated_at FROM ceil_nodes ORDER BY id LIMIT 50`);
const mapRow = (n) => ({ id: n.id, slug: n.props.slug, name: n.props.name, organization: 'acme', team: n.props.team, attributes: n.props.attributes, score: n.props.score ?? null, previous_score: n.props.previous_score ?? null, updated_by: n.props.updated_by ?? null, created_at: n.created_at, updated_at: n.updated_at });
const body = JSON.stringify({ items: sample.map(mapRow), next_cursor: 'abc' });
const buf = Buffer.from(body);
console.log('bytes', buf.length);
app.get('/health', async () => ({ status: 'ok' }));
app.get('/static', (req, reply) => { reply.header('content-type', 'application/json; charset=utf-8').send(buf); });
app.get('/memory', async () => ({ items: sample.map(mapRow), next_cursor: 'abc' }));
app.get('/rows', async () => {
  const { rows } = await pool.query({ name: 'rows', text: `SELECT id, label, props, created_at, updated_at FROM ceil_nodes WHERE label = $1 ORDER BY id LIMIT $2`, values: ['Project', 51] });
  return { items: rows.slice(0, 50).map(mapRow), next_cursor: 'abc' };
});
app.get('/pgjson', async (req, reply) => {
  const { rows } = await pool.query({ name: 'pgjson', text: `SELECT json_build_object('items', coalesce(json_agg(json_build_object('id', id, 'slug', props->>'slug', 'name', props->>'name', 'organization', 'acme', 'team', props->>'team', 'attributes', props->'attributes', 'score', props->'score', 'previous_score', props->'previous_score', 'updated_by', props->'updated_by', 'created_at', created_at, 'updated_at', updated_at) ORDER BY id), '[]'), 'next_cursor', 'abc')::text AS body FROM (SELECT * FROM ceil_nodes WHERE label = $1 ORDER BY id LIMIT $2) n`, values: ['Project', 50] });
  reply.header('content-type', 'application/json; charset=utf-8').send(rows[0].body);
});
await app.listen({ port: 39111, host: '127.0.0.1' });
