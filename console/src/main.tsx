import { render } from 'preact';
import { useEffect, useLayoutEffect, useState } from 'preact/hooks';
import {
  client,
  must,
  onSessionChange,
  resume,
  sessionKnown,
  signedIn,
  signOut,
  takeTokensFromFragment,
} from './api';
import { currentPath, linkProps, usePath } from './router';
import { useLoad, Problem } from './ui';
import { SignIn } from './pages/sign-in';
import { Consents } from './pages/consents';
import { Schedules } from './pages/schedules';
import { ScheduleDetail } from './pages/schedule-detail';
import { OAuthProviders } from './pages/oauth-providers';
import { AiCatalog } from './pages/ai-catalog';
import { Pipeline } from './pages/pipeline';
import { Plugins } from './pages/plugins';
import { Analytics } from './pages/analytics';
import { Home } from './pages/home';
import { Organization, Organizations } from './pages/organizations';
import { ProjectPage } from './pages/projects';
import { Blueprints, ProjectTypes } from './pages/catalog-admin';
import { LinkDefinitions } from './pages/link-definitions';
import { ProjectImport } from './pages/project-import';
import { Environment, Environments } from './pages/environments';
import { Roles, ServiceAccounts, Users } from './pages/people';
import { Scoring } from './pages/scoring';
import { Webhooks } from './pages/webhooks';
import type { Me } from './me';
import './style.css';

interface NavItem {
  /** The heading of the group this item opens, if it starts one. */
  group?: string;
  path: string;
  label: string;
  /** Whether the signed-in person may use the page (the API decides anyway: a 403 is shown as it is). */
  allowed: (me: Me) => boolean;
}

const can = (me: Me, perm: string) => me.is_admin || me.permissions.includes(perm);

const NAV: NavItem[] = [
  {
    group: 'Catalog',
    path: '/organizations',
    label: 'Organizations',
    allowed: (me) => can(me, 'organization:read'),
  },
  { path: '/environments', label: 'Environments', allowed: (me) => can(me, 'environment:read') },
  { group: 'People and access', path: '/users', label: 'Users', allowed: (me) => can(me, 'user:read') },
  { path: '/roles', label: 'Roles', allowed: (me) => can(me, 'role:read') },
  { path: '/service-accounts', label: 'Service accounts', allowed: (me) => can(me, 'service_account:read') },
  { group: 'Platform', path: '/scoring', label: 'Scoring', allowed: (me) => can(me, 'scoring_policy:read') },
  { path: '/webhooks', label: 'Webhooks', allowed: (me) => me.is_admin },
  {
    group: 'Automation',
    path: '/consents',
    label: 'My consents',
    allowed: (me) => me.principal_type === 'user',
  },
  { path: '/schedules', label: 'Schedules', allowed: () => true },
  {
    path: '/oauth-providers',
    label: 'OAuth providers',
    allowed: (me) => me.is_admin || me.permissions.includes('oauth-providers:read'),
  },
  { path: '/ai-catalog', label: 'AI catalog', allowed: (me) => me.permissions.includes('ai_model:read') },
  {
    path: '/plugins',
    label: 'Plugin entities',
    allowed: (me) => me.is_admin || me.permissions.some((p) => /^plugins:.+:entities:.+:read$/.test(p)),
  },
  {
    path: '/analytics',
    label: 'Analytics',
    allowed: (me) => me.is_admin || me.permissions.some((p) => p.startsWith('operations_log:')),
  },
  { path: '/pipeline', label: 'Pipeline health', allowed: (me) => me.is_admin },
];

/** The items the person may use, each with the heading of its group when it is the group's first shown. */
function visibleNav(me: Me): (NavItem & { heading?: string })[] {
  let group = '';
  let shown = '';
  const out: (NavItem & { heading?: string })[] = [];
  for (const n of NAV) {
    group = n.group ?? group;
    if (!n.allowed(me)) continue;
    out.push({ ...n, ...(group !== shown ? { heading: group } : {}) });
    shown = group;
  }
  return out;
}

/** The page for a path. It loads its own data at once, without waiting for `me`: the API decides access. */
function Route({ path, me }: { path: string; me: Me | undefined }) {
  const schedule = /^\/schedules\/([a-z0-9-]+)$/.exec(path);
  if (schedule) return <ScheduleDetail slug={schedule[1]!} me={me} />;
  const project = /^\/organizations\/([^/]+)\/projects\/([^/]+)$/.exec(path);
  if (project)
    return <ProjectPage org={decodeURIComponent(project[1]!)} project={decodeURIComponent(project[2]!)} />;
  const catalog = /^\/organizations\/([^/]+)\/(project-types|blueprints|link-definitions|import)$/.exec(path);
  if (catalog) {
    const o = decodeURIComponent(catalog[1]!);
    if (catalog[2] === 'link-definitions') return <LinkDefinitions org={o} />;
    if (catalog[2] === 'import') return <ProjectImport org={o} />;
    return catalog[2] === 'blueprints' ? <Blueprints org={o} /> : <ProjectTypes org={o} />;
  }
  const org = /^\/organizations\/([^/]+)$/.exec(path);
  if (org) return <Organization org={decodeURIComponent(org[1]!)} />;
  const env = /^\/environments\/([^/]+)$/.exec(path);
  if (env) return <Environment slug={decodeURIComponent(env[1]!)} />;
  switch (path) {
    case '/organizations':
      return <Organizations />;
    case '/environments':
      return <Environments />;
    case '/users':
      return <Users me={me} />;
    case '/roles':
      return <Roles />;
    case '/service-accounts':
      return <ServiceAccounts />;
    case '/scoring':
      return <Scoring />;
    case '/webhooks':
      return <Webhooks />;
    case '/consents':
      return <Consents />;
    case '/schedules':
      return <Schedules me={me} />;
    case '/oauth-providers':
      return <OAuthProviders />;
    case '/ai-catalog':
      return <AiCatalog />;
    case '/pipeline':
      return <Pipeline />;
    case '/plugins':
      return <Plugins />;
    case '/analytics':
      return <Analytics />;
    default:
      return me ? <Home me={me} /> : null;
  }
}

function Shell() {
  const path = usePath();
  const me = useLoad(() => must(client.GET('/auth/me')) as Promise<Me>);
  const [menu, setMenu] = useState(false);
  useEffect(() => setMenu(false), [path]);
  return (
    <>
      <header class="top">
        <button
          type="button"
          class="menu"
          aria-expanded={menu}
          aria-controls="console-nav"
          onClick={() => setMenu(!menu)}
        >
          Menu
        </button>
        <a class="brand" {...linkProps('/')}>
          Keel console
        </a>
        <span class="who">{me.data?.principal_name}</span>
        <button type="button" class="link" onClick={() => void signOut()}>
          Sign out
        </button>
      </header>
      <div class="layout">
        <nav aria-label="Console" id="console-nav" class={menu ? 'open' : ''}>
          <ul>
            {me.data &&
              visibleNav(me.data).map((n) => [
                n.heading && (
                  <li key={`g-${n.heading}`} class="group">
                    {n.heading}
                  </li>
                ),
                <li key={n.path}>
                  <a {...linkProps(n.path)} aria-current={path.startsWith(n.path) ? 'page' : undefined}>
                    {n.label}
                  </a>
                </li>,
              ])}
          </ul>
        </nav>
        <main>
          <Problem error={me.error} />
          <Route path={path} me={me.data} />
        </main>
      </div>
    </>
  );
}

/** The session's state as a render sees it: unknown (the first check has not answered), out, or in. */
const sessionState = () => (!sessionKnown() ? 'unknown' : signedIn() ? 'in' : 'out');

function App() {
  const [, setTick] = useState(0);
  const seen = sessionState();
  // Listens from the first render's commit (a layout effect runs within render()), and renders again
  // if the session changed before that: the first check is sent before the first render and may answer
  // first. A plain effect runs after the first paint, which a background tab holds back for a second or
  // more; an answer in between went unheard and the page stayed at "Loading…".
  useLayoutEffect(() => {
    const off = onSessionChange(() => setTick((t) => t + 1));
    if (sessionState() !== seen) setTick((t) => t + 1);
    return off;
  }, []);
  if (seen === 'unknown') return <p class="loading">Loading…</p>;
  if (seen === 'out') return <SignIn />;
  return <Shell />;
}

// The OAuth callback lands here with the tokens in the fragment.
if (currentPath() === '/callback') {
  void takeTokensFromFragment();
} else {
  void resume();
}
render(<App />, document.getElementById('app')!);
