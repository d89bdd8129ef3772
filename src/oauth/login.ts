// Signing in through a login provider: /auth/providers, authorize (302 to the provider) and the
// callback (302 to the frontend with Keel tokens in the fragment). See docs/oauth-login.md.
import { PROVIDER_TYPE_INFO } from './types.js';
import type { UserNode } from '../kernel/identity.js';
import { createHmac, hkdfSync } from 'node:crypto';
import * as oidc from 'openid-client';
import type { Core } from '../kernel/core.js';
import { safeEqual, sha256 } from '../crypto/tokens.js';
import { KeyConflictError } from '../graph/store.js';
import { AppError, forbidden } from '../http/errors.js';
import { outboundFetch } from '../outbound/guard.js';
import { loginClient, type LoginClient, type ProviderProfile } from './clients.js';
import type { ProviderDirectory } from './directory.js';
import { callbackUrl, identityIssuer, providerUnavailable } from './service.js';
import {
  findIdentity,
  insertPendingLogin,
  saveIdentity,
  takePendingLogin,
  type OAuthProviderNode,
} from './store.js';
import { recordedText } from '../lib/text.js';

/** How long a started login may take to come back (state, nonce, PKCE verifier, cookie). */
export const LOGIN_STATE_SECONDS = 600;
export const STATE_COOKIE = 'keel_oauth_state';
const OUTBOUND_TIMEOUT_MS = 10_000;

export interface LoginMethod {
  slug: string;
  type: string;
  /** The login service (`Google`, `GitHub`, `OpenID Connect`, `Password`). */
  type_display_name: string;
  name: string;
  icon: string;
  /** Where the browser goes to start; null for the local password method (POST /auth/login). */
  authorize_url: string | null;
}

export interface StartedLogin {
  location: string;
  cookie: { name: string; value: string; path: string; maxAge: number; secure: boolean };
}

const stateInvalid = (detail: string) => new AppError(400, 'oauth_state_invalid', detail);
const refused = (code: string, detail: string) => forbidden(detail, code);

function checkRedirectTo(value: string | undefined): string | null {
  if (value === undefined || value === '') return null;
  const ok =
    value.length <= 1000 &&
    value.startsWith('/') &&
    !value.startsWith('//') &&
    ![...value].some((c) => c === '\\' || c.charCodeAt(0) <= 0x20 || c.charCodeAt(0) === 0x7f);
  if (ok) return value;
  const detail = 'must be a path on the frontend that starts with a single /';
  throw new AppError(422, 'validation_failed', `redirect_to: ${detail}`, [
    { pointer: '/redirect_to', in: 'query', detail },
  ]);
}

const emailDomain = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

type Deps = Pick<Core, 'sql' | 'settings' | 'secrets' | 'identity' | 'log'>;

export function oauthLoginService(
  { sql, settings, secrets, identity, log }: Deps,
  directory: ProviderDirectory,
) {
  const fetch = outboundFetch({
    allowPrivateNetworks: settings.outbound.allowPrivateNetworks,
    timeoutMs: OUTBOUND_TIMEOUT_MS,
  });
  const { publicUrl } = settings;

  let cookieKey: Buffer | undefined;
  /** The state cookie's MAC key, derived from KEEL_AUTH_ENCRYPTION_KEY (503 without it). */
  function sign(slug: string, state: string): string {
    secrets.authBox();
    cookieKey ??= Buffer.from(
      hkdfSync('sha256', settings.auth.encryptionKey!, Buffer.alloc(0), 'keel oauth login state cookie', 32),
    );
    return createHmac('sha256', cookieKey).update(`${slug}.${state}`).digest('base64url');
  }

  async function usable(slug: string): Promise<OAuthProviderNode> {
    const node = await directory.get(slug);
    if (!node || !node.props.enabled) throw providerUnavailable(slug);
    return node;
  }

  async function clientFor(node: OAuthProviderNode): Promise<LoginClient> {
    const p = node.props;
    if (!p.client_id || !p.client_secret_encrypted) throw providerUnavailable(p.slug);
    const box = secrets.authBox();
    let clientSecret: string;
    try {
      clientSecret = box.open(p.client_secret_encrypted);
    } catch {
      throw new AppError(
        503,
        'oauth_secret_unreadable',
        `the client secret of ${p.slug} cannot be decrypted with the configured encryption key; store it again`,
      );
    }
    return loginClient(
      { slug: p.slug, type: p.type, clientId: p.client_id, clientSecret, issuerUrl: p.issuer_url },
      { settings, fetch, directory },
    );
  }

  function activeUser(user: UserNode): UserNode {
    if (!user.props.is_active) throw refused('user_inactive', `the user ${user.props.email} is deactivated`);
    return user;
  }

  /** Who this provider identity signs in as: its linked user, a user linked by email, or a new user. */
  async function resolveUser(
    node: OAuthProviderNode,
    profile: ProviderProfile,
    retried = false,
  ): Promise<UserNode> {
    const { slug, type, allowed_domains } = node.props;
    if (type === 'provider_a') {
      if (!profile.email || !profile.emailVerified) {
        throw refused(
          'oauth_email_unverified',
          `${slug} did not vouch for the email address, so its domain cannot be checked`,
        );
      }
      if (!allowed_domains.includes(emailDomain(profile.email))) {
        throw refused(
          'oauth_domain_not_allowed',
          `the email domain ${emailDomain(profile.email)} may not sign in with ${slug}`,
        );
      }
    }
    const linked = await findIdentity(sql, identityIssuer(node.props, settings.auth), profile.subject);
    const linkedUser = linked?.userId ? await identity.users.findByIdUnchecked(linked.userId) : undefined;
    // A link whose user was deleted counts as no link: the rules below decide again.
    if (linkedUser) return activeUser(linkedUser);

    if (!profile.email) throw refused('oauth_email_missing', `${slug} did not share an email address`);
    if (!profile.emailVerified) {
      throw refused(
        'oauth_email_unverified',
        `the email address ${profile.email} is not verified at ${slug}`,
      );
    }
    const existing = await identity.users.findByEmailUnchecked(profile.email);
    if (existing) {
      if (!settings.auth.oauthAutoLinkByEmail) {
        throw refused(
          'oauth_account_not_linked',
          `this ${slug} account is not linked to the Keel user ${profile.email}, and linking by email is off; ask an administrator`,
        );
      }
      return activeUser(existing);
    }
    if (!settings.auth.oauthAutoCreateUsers) {
      throw refused(
        'oauth_account_not_linked',
        `no Keel user has the email ${profile.email}, and signing up through ${slug} is off; ask an administrator`,
      );
    }
    try {
      return await identity.users.createUnchecked(
        { email: profile.email, display_name: recordedText(profile.name ?? '', 200) || undefined },
        `oauth:${slug}`,
      );
    } catch (err) {
      // Another login created the same user a moment ago: decide again against it.
      if (!retried && err instanceof AppError && err.status === 409) return resolveUser(node, profile, true);
      throw err;
    }
  }

  return {
    /** The login page: enabled providers from the stored configuration, then local password login. */
    async methods(): Promise<LoginMethod[]> {
      const providers = (await directory.list()).filter((n) => n.props.enabled);
      const methods: LoginMethod[] = providers.map((n) => ({
        slug: n.props.slug,
        type: n.props.type,
        type_display_name: PROVIDER_TYPE_INFO[n.props.type].display_name,
        name: n.props.name,
        icon: n.props.icon,
        authorize_url: `${publicUrl}/auth/oauth/${n.props.slug}/authorize`,
      }));
      if (settings.auth.localPasswordLogin) {
        methods.push({
          slug: 'password',
          type: 'password',
          type_display_name: 'Password',
          name: 'Email and password',
          icon: 'key',
          authorize_url: null,
        });
      }
      return methods;
    },

    async start(slug: string, redirectTo: string | undefined): Promise<StartedLogin> {
      const to = checkRedirectTo(redirectTo);
      const client = await clientFor(await usable(slug));
      const state = oidc.randomState();
      const nonce = client.usesNonce ? oidc.randomNonce() : null;
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const location = client.authorizationUrl({
        redirectUri: callbackUrl(publicUrl, slug),
        state,
        nonce,
        codeChallenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      });
      const mac = sign(slug, state);
      await insertPendingLogin(sql, {
        stateHash: sha256(state),
        slug,
        nonce,
        codeVerifier,
        redirectTo: to,
        ttlSeconds: LOGIN_STATE_SECONDS,
      });
      return {
        location,
        cookie: {
          name: STATE_COOKIE,
          value: `${state}.${mac}`,
          path: `/auth/oauth/${slug}/`,
          maxAge: LOGIN_STATE_SECONDS,
          secure: publicUrl.startsWith('https:'),
        },
      };
    },

    /**
     * The provider sent the browser back: check the state against the cookie and the pending login
     * (consumed, so a replay fails), exchange the code, find or create the user, sign in.
     */
    async finish(
      slug: string,
      cookie: string | undefined,
      state: string | undefined,
      search: string,
    ): Promise<{ location: string }> {
      const dot = cookie?.lastIndexOf('.') ?? -1;
      const cookieState = dot > 0 ? cookie!.slice(0, dot) : undefined;
      if (
        !state ||
        !cookieState ||
        cookieState !== state ||
        !safeEqual(cookie!.slice(dot + 1), sign(slug, state))
      ) {
        throw stateInvalid(
          'the login state is missing or does not belong to this browser; start the login again',
        );
      }
      const pending = await takePendingLogin(sql, sha256(state));
      if (!pending || pending.slug !== slug || pending.expired) {
        throw stateInvalid('the login state has expired or was already used; start the login again');
      }
      const node = await usable(slug);
      const client = await clientFor(node);
      const { profile, tokens } = await client.finish(new URL(`${callbackUrl(publicUrl, slug)}${search}`), {
        state,
        nonce: pending.nonce,
        codeVerifier: pending.code_verifier,
      });
      const user = await resolveUser(node, profile);
      const sealed = secrets.authBox().seal(JSON.stringify(tokens));
      const save = () =>
        sql.tx((tx) =>
          saveIdentity(tx, user.id, {
            provider: slug,
            issuer: identityIssuer(node.props, settings.auth),
            subject: profile.subject,
            email: profile.email,
            tokens_encrypted: sealed,
            last_login_at: new Date().toISOString(),
          }),
        );
      // Two first logins of one identity at once: the second finds the first one's node and updates it.
      await save().catch((err) => (err instanceof KeyConflictError ? save() : Promise.reject(err)));
      const session = await identity.tokens.signIn({ id: user.id, email: user.props.email }, 'oauth');
      log.info({ provider: slug, user: user.props.email }, 'signed in through a login provider');
      const fragment = new URLSearchParams({
        access_token: session.access_token,
        token_type: session.token_type,
        expires_in: String(session.expires_in),
        refresh_token: session.refresh_token,
        provider: slug,
        ...(pending.redirect_to ? { redirect_to: pending.redirect_to } : {}),
      });
      return { location: `${settings.auth.oauthFrontendUrl}#${fragment}` };
    },
  };
}

export type OAuthLoginService = ReturnType<typeof oauthLoginService>;
