import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { api, onSessionChange, resume, sessionKnown, signedIn, signOut, takeTokensFromFragment } from './api';
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
import type { Me } from './me';
import './style.css';

interface NavItem {
  path: string;
  label: string;
  /** Whether the signed-in person may use the page (the API decides anyway: a 403 is shown as it is). */
  allowed: (me: Me) => boolean;
}

const NAV: NavItem[] = [
  { path: '/consents', label: 'My consents', allowed: (me) => me.principal_type === 'user' },
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

/** The page for a path. It loads its own data at once, without waiting for `me`: the API decides access. */
function Route({ path, me }: { path: string; me: Me | undefined }) {
  const schedule = /^\/schedules\/([a-z0-9-]+)$/.exec(path);
  if (schedule) return <ScheduleDetail slug={schedule[1]!} me={me} />;
  switch (path) {
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

function Home({ me }: { me: Me }) {
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">Welcome, {me.principal_name}</h1>
      <ul class="cards">
        {NAV.filter((n) => n.allowed(me)).map((n) => (
          <li key={n.path}>
            <a {...linkProps(n.path)}>{n.label}</a>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Shell() {
  const path = usePath();
  const me = useLoad(() => api<Me>('GET', '/auth/me'));
  return (
    <>
      <header class="top">
        <a class="brand" {...linkProps('/')}>
          Keel console
        </a>
        <span class="who">{me.data?.principal_name}</span>
        <button type="button" class="link" onClick={() => void signOut()}>
          Sign out
        </button>
      </header>
      <div class="layout">
        <nav aria-label="Console">
          <ul>
            {me.data &&
              NAV.filter((n) => n.allowed(me.data!)).map((n) => (
                <li key={n.path}>
                  <a {...linkProps(n.path)} aria-current={path.startsWith(n.path) ? 'page' : undefined}>
                    {n.label}
                  </a>
                </li>
              ))}
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

function App() {
  const [, setTick] = useState(0);
  useEffect(() => onSessionChange(() => setTick((t) => t + 1)), []);
  if (!sessionKnown()) return <p class="loading">Loading…</p>;
  if (!signedIn()) return <SignIn />;
  return <Shell />;
}

// The OAuth callback lands here with the tokens in the fragment.
if (currentPath() === '/callback') {
  void takeTokensFromFragment();
} else {
  void resume();
}
render(<App />, document.getElementById('app')!);
