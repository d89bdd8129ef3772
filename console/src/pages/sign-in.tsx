import { useState } from 'preact/hooks';
import { signInWithPassword } from '../api';
import { currentPath } from '../router';
import { Field, Problem, useAction, useLoad } from '../ui';

interface LoginMethod {
  slug: string;
  type: string;
  name: string;
  authorize_url: string | null;
}

export function SignIn() {
  const methods = useLoad(async () => {
    const res = await fetch('/auth/providers', { headers: { accept: 'application/json' } });
    return (await res.json()) as LoginMethod[];
  });
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, run, busy] = useAction();
  const providers = methods.data?.filter((m) => m.authorize_url) ?? [];
  const passwordLogin = methods.data?.some((m) => m.type === 'password') ?? false;
  // After sign-in the person comes back to the page they asked for.
  const back = `/console${currentPath()}`;

  return (
    <main class="sign-in">
      <h1>Sign in to Keel</h1>
      <Problem error={methods.error ?? error} />
      {passwordLogin && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void run(async () => {
              await signInWithPassword(email, password);
              setPassword('');
            });
          }}
        >
          <Field label="Email" pointer="/email" error={error}>
            {(a) => (
              <input
                {...a}
                type="email"
                autocomplete="username"
                required
                value={email}
                onInput={(e) => setEmail(e.currentTarget.value)}
              />
            )}
          </Field>
          <Field label="Password" pointer="/password" error={error}>
            {(a) => (
              <input
                {...a}
                type="password"
                autocomplete="current-password"
                required
                value={password}
                onInput={(e) => setPassword(e.currentTarget.value)}
              />
            )}
          </Field>
          <button type="submit" disabled={busy}>
            Sign in
          </button>
        </form>
      )}
      {providers.length > 0 && (
        <ul class="providers" aria-label="Sign in with a provider">
          {providers.map((p) => (
            <li key={p.slug}>
              <button
                type="button"
                onClick={() => {
                  const url = new URL(p.authorize_url!, location.href);
                  url.searchParams.set('redirect_to', back);
                  location.assign(url.pathname + url.search);
                }}
              >
                Sign in with {p.name}
              </button>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
