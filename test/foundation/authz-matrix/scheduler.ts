// The scheduler (docs/scheduler.md): callers send their Keel token; a schedule is seen by its creator
// and admins only (404 for anyone else, never 403); a user schedule is changed by its creator alone
// (admins may pause, resume, fire or delete it, not PATCH it); a delegated token reads, changes nothing.
import { m, type Expectation, type RouteGroup, type Who } from './table.js';

const CREATOR: Who = 'user without roles';
/** A fresh user schedule of the creator (the user without roles). */
async function schedule(n: number): Promise<string> {
  const slug = `m-sched-${n}`;
  const res = await m.app.call('POST', '/scheduler/schedules', {
    token: m.tokenOf(CREATOR, ''),
    body: { slug, cron: '0 3 * * *', target: { method: 'GET', path: '/environments' } },
  });
  if (res.status !== 201) throw new Error(`schedule: ${res.status} ${res.text}`);
  return slug;
}
const notFound: Partial<Record<Who, number | Expectation>> = {
  'user with CAN_ACCESS': 404,
  'service account with a CAN_ACCESS edge': 404,
};
/** Reads: the creator, admins, and a token delegated by the creator. */
const read = notFound;
/** Changes: the creator and admins; a delegated token 403. */
const change = { ...notFound, 'delegated token': 403 };
const S = '/scheduler/schedules';

export const scheduler: RouteGroup = {
  name: 'scheduler',
  routes: [
    {
      method: 'POST',
      path: '/scheduler/schedules',
      perm: 'authenticated',
      ok: 201,
      // A user schedule is made by a user signed in as themselves.
      expect: { 'service account with a CAN_ACCESS edge': 403, 'delegated token': 403 },
      request: async (n) => ({
        url: S,
        body: {
          slug: `m-new-sched-${n}`,
          cron: '0 3 * * *',
          target: { method: 'GET', path: '/environments' },
        },
      }),
    },
    {
      method: 'GET',
      path: '/scheduler/schedules',
      perm: 'authenticated',
      ok: 200,
      request: async () => ({ url: S }),
    },
    {
      // Reads and stores nothing: any signed-in caller.
      method: 'GET',
      path: '/scheduler/preview',
      perm: 'authenticated',
      ok: 200,
      request: async () => ({
        url: '/scheduler/preview?cron=30%202%20*%20*%20*&timezone=Europe/Berlin&count=3',
      }),
    },
    {
      method: 'GET',
      path: '/scheduler/schedules/{slug}',
      perm: 'authenticated',
      ok: 200,
      expect: read,
      request: async (n) => ({ url: `${S}/${await schedule(n)}` }),
    },
    {
      method: 'PATCH',
      path: '/scheduler/schedules/{slug}',
      perm: 'authenticated',
      ok: 200,
      expect: { ...change, 'admin user': 403 },
      request: async (n) => ({ url: `${S}/${await schedule(n)}`, body: { cron: '0 4 * * *' } }),
    },
    {
      method: 'DELETE',
      path: '/scheduler/schedules/{slug}',
      perm: 'authenticated',
      ok: 204,
      expect: change,
      request: async (n) => ({ url: `${S}/${await schedule(n)}` }),
    },
    ...(['run', 'pause', 'resume'] as const).map((action) => ({
      method: 'POST' as const,
      path: `/scheduler/schedules/{slug}/${action}`,
      perm: 'authenticated',
      ok: action === 'run' ? 202 : 200,
      expect: change,
      request: async (n: number) => ({ url: `${S}/${await schedule(n)}/${action}` }),
    })),
    {
      // Whoever may create the schedule the body describes (a user schedule here).
      method: 'POST',
      path: '/scheduler/schedules/dry-run',
      perm: 'authenticated',
      ok: 200,
      expect: { 'service account with a CAN_ACCESS edge': 403, 'delegated token': 403 },
      request: async () => ({
        url: `${S}/dry-run`,
        body: { slug: 'm-dry', every: 'PT1H', target: { method: 'GET', path: '/environments' } },
      }),
    },
    {
      method: 'POST',
      path: '/scheduler/schedules/{slug}/dry-run',
      perm: 'authenticated',
      ok: 200,
      expect: change,
      request: async (n) => ({ url: `${S}/${await schedule(n)}/dry-run` }),
    },
    {
      method: 'GET',
      path: '/scheduler/schedules/{slug}/runs',
      perm: 'authenticated',
      ok: 200,
      expect: read,
      request: async (n) => ({ url: `${S}/${await schedule(n)}/runs` }),
    },
    {
      method: 'GET',
      path: '/scheduler/runs/{id}',
      perm: 'authenticated',
      ok: 200,
      expect: read,
      request: async (n) => {
        const slug = await schedule(n);
        const run = await m.app.call('POST', `${S}/${slug}/run`, { token: m.tokenOf(CREATOR, '') });
        if (run.status !== 202) throw new Error(`run: ${run.status} ${run.text}`);
        // Wait for the run to finish, so that its writes do not land among the refused calls.
        for (let i = 0; i < 100; i++) {
          const r = await m.app.call('GET', `/scheduler/runs/${run.body.id}`, {
            token: m.tokenOf(CREATOR, ''),
          });
          if (r.body.state !== 'running') break;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        return { url: `/scheduler/runs/${run.body.id}` };
      },
    },
    {
      // A finished run: whoever may cancel it gets past authorization to 409 run_not_running.
      method: 'POST',
      path: '/scheduler/runs/{id}/cancel',
      perm: 'authenticated',
      ok: 409,
      expect: change,
      request: async (n) => {
        const slug = await schedule(n);
        const run = await m.app.call('POST', `${S}/${slug}/run`, { token: m.tokenOf(CREATOR, '') });
        if (run.status !== 202) throw new Error(`run: ${run.status} ${run.text}`);
        for (let i = 0; i < 100; i++) {
          const r = await m.app.call('GET', `/scheduler/runs/${run.body.id}`, {
            token: m.tokenOf(CREATOR, ''),
          });
          if (r.body.state !== 'running') break;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        return { url: `/scheduler/runs/${run.body.id}/cancel` };
      },
    },
  ],
};
