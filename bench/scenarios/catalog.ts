// Issue 4: the model list of an organization with 200 models, read by a member whose visibility depends
// on team membership (50 models restricted to team red, 50 to team blue, 100 organization-wide; the
// reader is in red, so sees 150). Measured twice: the default page (50 models) and one page of all 150.
import type { BenchContext, Scenario } from '../lib.js';

let reader: Promise<string> | undefined;

async function seed(ctx: BenchContext): Promise<string> {
  const admin = ctx.adminToken;
  await ctx.api('POST', '/organizations', { slug: 'bench-ai', name: 'Bench AI' }, admin);
  for (const team of ['red', 'blue'])
    await ctx.api('POST', '/organizations/bench-ai/teams', { slug: team, name: team }, admin);
  const provider = await ctx.api(
    'POST',
    '/organizations/bench-ai/ai-providers',
    { driver: 'vendor_b', name: 'Bench', api_key: 'sk-bench-0000000000000000' },
    admin,
  );
  for (let i = 0; i < 200; i++) {
    const scope =
      i % 4 === 0
        ? { access_scope: 'restricted', team_slugs: ['red'] }
        : i % 4 === 1
          ? { access_scope: 'restricted', team_slugs: ['blue'] }
          : { access_scope: 'organization' };
    await ctx.api(
      'POST',
      '/organizations/bench-ai/ai-models',
      {
        provider_id: provider.id,
        model_id: `bench-model-${i}`,
        slug: `bench-model-${i}`,
        kind: 'chat',
        context_window: 128000,
        input_cost_per_mtok: '2.5',
        output_cost_per_mtok: '10',
        ...scope,
      },
      admin,
    );
  }
  const token = await ctx.user('bench-ai-reader@example.com', ['member']);
  await ctx.api(
    'PUT',
    '/organizations/bench-ai/teams/red/members/bench-ai-reader@example.com',
    undefined,
    admin,
  );
  const seen = await ctx.api('GET', '/organizations/bench-ai/ai-models?limit=200', undefined, token);
  if (seen.length !== 150) throw new Error(`the reader should see 150 of 200 models, saw ${seen.length}`);
  return token;
}

const list = (path: string, expected: number): Scenario => ({
  kind: 'http',
  name: `GET ${path} (200 models, team-dependent visibility, ${expected} in the page)`,
  goal: { minRatio: 0.2, maxP99Ms: 25 },
  async prepare(ctx) {
    reader ??= seed(ctx);
    const token = await reader;
    const page = await ctx.api('GET', path.replace('{org}', 'bench-ai'), undefined, token);
    if (page.length !== expected)
      throw new Error(`expected ${expected} models in the page, got ${page.length}`);
    return { path: path.replace('{org}', 'bench-ai'), headers: { authorization: `Bearer ${token}` } };
  },
});

export const scenarios: Scenario[] = [
  list('/organizations/{org}/ai-models', 50),
  list('/organizations/{org}/ai-models?limit=200', 150),
];
