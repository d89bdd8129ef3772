// Home: what needs attention (not a copy of the navigation): schedules that cannot run as their creator
// or whose last runs failed, dead-lettered rows and pipeline lag, and recent activity.
import { client, listOf, must } from '../api';
import type { Me } from '../me';
import { linkProps } from '../router';
import { Page, Problem, useLoad, when } from '../ui';
import { consentProblem, myConsents } from './schedules';
import { rememberOrgs } from '../crumbs';
import { deletedProjects, EventSummary } from './activity';

/** Pipeline lag above this many seconds is worth a look. */
const LAG_SECONDS = 60;

async function scheduleTroubles(me: Me): Promise<{ slug: string; name: string; why: string }[]> {
  const [{ items }, consents] = await Promise.all([
    listOf(client.GET('/scheduler/schedules', { params: { query: { limit: 50 } } })),
    me.principal_type === 'user' ? myConsents() : Promise.resolve(undefined),
  ]);
  const out: { slug: string; name: string; why: string }[] = [];
  await Promise.all(
    items
      .filter((s) => s.enabled)
      .slice(0, 20)
      .map(async (s) => {
        const blocked = consentProblem(s, consents);
        if (blocked) return void out.push({ slug: s.slug, name: s.name || s.slug, why: `its ${blocked}` });
        if (!s.last_run_at) return;
        const runs = await must(
          client.GET('/scheduler/schedules/{slug}/runs', {
            params: { path: { slug: s.slug }, query: { limit: 3 } },
          }),
        );
        const failed = runs.filter((r) => r.state === 'failed').length;
        if (failed > 0 && runs[0]?.state === 'failed')
          out.push({
            slug: s.slug,
            name: s.name || s.slug,
            why: `${failed} of its last ${runs.length} runs failed`,
          });
      }),
  );
  return out.sort((a, b) => a.slug.localeCompare(b.slug));
}

export function Home({ me }: { me: Me }) {
  const troubles = useLoad(() => scheduleTroubles(me), [me]);
  const pipeline = useLoad(
    () => (me.is_admin ? must(client.GET('/admin/pipeline')) : Promise.resolve(undefined)),
    [me],
  );
  const activity = useLoad(async () => {
    const orgs = await listOf(client.GET('/organizations', { params: { query: { limit: 1 } } }));
    const org = rememberOrgs(orgs.items)[0];
    if (!org) return { org: undefined, events: [] };
    return {
      org,
      events: await must(
        client.GET('/organizations/{org}/events', {
          params: { path: { org: org.slug }, query: { limit: 10 } },
        }),
      ),
    };
  }, [me]);
  const gone = deletedProjects(activity.data?.events ?? []);
  const p = pipeline.data;
  const dead = p?.sinks.filter((s) => s.dead_lettered_total > 0) ?? [];
  const lagging = [
    ...(p && (p.outbox.lag_seconds ?? 0) > LAG_SECONDS
      ? [`the outbox is ${Math.round(p.outbox.lag_seconds!)} s behind`]
      : []),
    ...(p?.sinks.filter((s) => (s.lag ?? 0) > 1000).map((s) => `${s.sink} is ${s.lag} rows behind`) ?? []),
  ];
  const calm = troubles.data?.length === 0 && dead.length === 0 && lagging.length === 0;
  return (
    <Page title={`Welcome, ${me.principal_name}`}>
      <section
        class="card"
        aria-labelledby="attention"
        data-ready={troubles.data || troubles.error ? '' : undefined}
      >
        <h2 id="attention">Needs attention</h2>
        <Problem error={troubles.error} />
        {!troubles.data && !troubles.error && <p>Checking…</p>}
        {calm && (
          <p>
            {me.is_admin
              ? 'Nothing needs attention: schedules run, and the pipeline keeps up.'
              : 'Nothing needs attention: your schedules run.'}
          </p>
        )}
        <ul class="attention">
          {troubles.data?.map((t) => (
            <li key={t.slug}>
              Schedule <a {...linkProps(`/schedules/${t.slug}`)}>{t.name}</a>: {t.why}.
            </li>
          ))}
          {dead.map((s) => (
            <li key={s.sink}>
              <a {...linkProps('/pipeline')}>{s.sink}</a>: {s.dead_lettered_total} dead-lettered row
              {s.dead_lettered_total === 1 ? '' : 's'}.
            </li>
          ))}
          {lagging.map((l) => (
            <li key={l}>
              <a {...linkProps('/pipeline')}>Pipeline</a>: {l}.
            </li>
          ))}
        </ul>
      </section>
      <section class="card" aria-labelledby="recent">
        <h2 id="recent">Recent activity{activity.data?.org ? ` in ${activity.data.org.name}` : ''}</h2>
        {activity.error?.status === 404 ? (
          <p class="hint">The activity reader is not available on this Keel yet.</p>
        ) : (
          <Problem error={activity.error} />
        )}
        {activity.data && !activity.data.org && (
          <p data-empty>
            No organization yet. The catalog starts with one:{' '}
            <a {...linkProps('/organizations')}>create an organization</a>, then its teams and projects.
          </p>
        )}
        {activity.data?.org && activity.data.events.length === 0 && <p>No activity yet.</p>}
        <ul class="activity">
          {activity.data?.events.map((e) => (
            <li key={e.id} data-event={e.type}>
              <time dateTime={e.occurred_at}>{when(e.occurred_at)}</time>{' '}
              <EventSummary event={e} link={!gone.has(e.project ?? '')} />
            </li>
          ))}
        </ul>
      </section>
    </Page>
  );
}
