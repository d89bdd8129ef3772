// What each login provider type is, in words a person recognises. The types' keys are the SPEC's
// (`provider_a`, `provider_b`, `oidc`); the services behind them are named here, in the admin answers
// and in docs/oauth-login.md.
import type { ProviderIcon, ProviderType } from './store.js';

export interface ProviderTypeInfo {
  type: ProviderType;
  /** The login service whose endpoints the type calls. */
  display_name: string;
  description: string;
  /** The icon new providers of this type get. */
  icon: ProviderIcon;
}

export const PROVIDER_TYPE_INFO: Record<ProviderType, ProviderTypeInfo> = {
  provider_a: {
    type: 'provider_a',
    display_name: 'Google',
    description:
      'Sign in with Google: OpenID Connect against Google accounts (issuer https://accounts.google.com, ' +
      'or KEEL_AUTH_PROVIDER_A_ISSUER); only emails of the allowed domains (Google Workspace) may sign in.',
    icon: 'provider_a',
  },
  provider_b: {
    type: 'provider_b',
    display_name: 'GitHub',
    description:
      "Sign in with GitHub: OAuth 2.0 at github.com/login/oauth, then the user's profile and verified " +
      'emails from api.github.com (or the KEEL_AUTH_PROVIDER_B_* URLs of a GitHub Enterprise Server).',
    icon: 'provider_b',
  },
  oidc: {
    type: 'oidc',
    display_name: 'OpenID Connect',
    description:
      'Any OpenID Connect provider (Okta, Microsoft Entra ID, Keycloak, Auth0...), found by discovery ' +
      'from its issuer URL; the ID token is checked against the issuer’s keys.',
    icon: 'key',
  },
};

/** What each icon shows. */
export const ICON_DESCRIPTION =
  'provider_a: the Google logo; provider_b: the GitHub logo; key: a key (any OpenID Connect provider)';
