// Local stand-ins for the two vendor login providers, speaking their wire formats:
// provider_a, an OpenID Connect provider shaped like Google's (discovery, /o/oauth2/v2/auth, /token,
// /oauth2/v3/certs, RS256 ID tokens carrying email, email_verified and hd), and provider_b, an
// OAuth 2.0 provider shaped like GitHub's (/login/oauth/authorize, /login/oauth/access_token, which
// answers errors with HTTP 200, and a user API: GET /user and GET /user/emails).
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import { listenLocal } from '../../support/listen.js';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';

type Handler = (req: http.IncomingMessage, url: URL, body: string) => Promise<Reply> | Reply;
interface Reply {
  status: number;
  json?: unknown;
  location?: string;
}

async function serve(handler: Handler): Promise<{ url: string; requests: string[]; close(): Promise<void> }> {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', async () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      requests.push(`${req.method} ${url.pathname}`);
      try {
        const r = await handler(req, url, body);
        if (r.location) res.setHeader('location', r.location);
        if (r.json !== undefined) res.setHeader('content-type', 'application/json');
        res.statusCode = r.status;
        res.end(r.json === undefined ? '' : JSON.stringify(r.json));
      } catch (err) {
        res.statusCode = 500;
        res.end(String(err));
      }
    });
  });
  const url = await listenLocal(server);
  return {
    url,
    requests,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

interface PendingCode {
  clientId: string;
  redirectUri: string;
  challenge: string;
  nonce?: string | null;
  account: string;
}

/** Client authentication by HTTP Basic or by the form. */
function clientOf(req: http.IncomingMessage, form: URLSearchParams): { id?: string; secret?: string } {
  const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '');
  if (basic) {
    const [id, secret] = Buffer.from(basic[1]!, 'base64').toString().split(':').map(decodeURIComponent);
    return { id, secret };
  }
  return { id: form.get('client_id') ?? undefined, secret: form.get('client_secret') ?? undefined };
}

export interface ProviderAAccount {
  sub: string;
  email: string;
  email_verified: boolean;
  name?: string;
  hd?: string;
}

export interface ProviderA {
  issuer: string;
  /** Faults to inject into the next ID tokens. */
  tamper: { audience?: string; expiresIn?: number; rogueKey?: boolean };
  /** Who "logs in" at the next authorization request. */
  account: ProviderAAccount;
  /** Everything this provider issued (to prove none of it leaks). */
  issued: string[];
  requests: string[];
  close(): Promise<void>;
}

export async function startProviderA(client: { clientId: string; clientSecret: string }): Promise<ProviderA> {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const rogue = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key-1', alg: 'RS256', use: 'sig' };
  const codes = new Map<string, PendingCode>();
  const accounts = new Map<string, ProviderAAccount>();
  const state: ProviderA = {
    issuer: '',
    tamper: {},
    account: { sub: '1001', email: 'ada@example.com', email_verified: true },
    issued: [],
    requests: [],
    close: async () => {},
  };
  const server = await serve(async (req, url, body) => {
    const issuer = state.issuer;
    switch (`${req.method} ${url.pathname}`) {
      case 'GET /.well-known/openid-configuration':
        return {
          status: 200,
          json: {
            issuer,
            authorization_endpoint: `${issuer}/o/oauth2/v2/auth`,
            token_endpoint: `${issuer}/token`,
            userinfo_endpoint: `${issuer}/v1/userinfo`,
            jwks_uri: `${issuer}/oauth2/v3/certs`,
            response_types_supported: ['code', 'token', 'id_token', 'code token', 'code id_token'],
            subject_types_supported: ['public'],
            id_token_signing_alg_values_supported: ['RS256'],
            scopes_supported: ['openid', 'email', 'profile'],
            token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
            claims_supported: ['aud', 'email', 'email_verified', 'exp', 'iat', 'iss', 'name', 'sub', 'hd'],
            code_challenge_methods_supported: ['plain', 'S256'],
          },
        };
      case 'GET /oauth2/v3/certs':
        return { status: 200, json: { keys: [jwk] } };
      case 'GET /o/oauth2/v2/auth': {
        const q = url.searchParams;
        const redirect = new URL(q.get('redirect_uri')!);
        if (q.get('client_id') !== client.clientId) return { status: 400, json: { error: 'invalid_client' } };
        if (q.get('code_challenge_method') !== 'S256' || !q.get('code_challenge'))
          return { status: 400, json: { error: 'invalid_request' } };
        const code = `4/${randomBytes(16).toString('base64url')}`;
        accounts.set(code, { ...state.account });
        codes.set(code, {
          clientId: q.get('client_id')!,
          redirectUri: q.get('redirect_uri')!,
          challenge: q.get('code_challenge')!,
          nonce: q.get('nonce'),
          account: state.account.sub,
        });
        redirect.searchParams.set('state', q.get('state') ?? '');
        redirect.searchParams.set('code', code);
        // The vendor adds parameters of its own to the redirect.
        redirect.searchParams.set(
          'scope',
          'email profile openid https://www.googleapis.com/auth/userinfo.email',
        );
        redirect.searchParams.set('authuser', '0');
        redirect.searchParams.set('prompt', 'consent');
        return { status: 302, location: redirect.href };
      }
      case 'POST /token': {
        const form = new URLSearchParams(body);
        const c = clientOf(req, form);
        if (c.id !== client.clientId || c.secret !== client.clientSecret)
          return { status: 401, json: { error: 'invalid_client', error_description: 'Unauthorized' } };
        const code = form.get('code') ?? '';
        const pending = codes.get(code);
        codes.delete(code);
        if (
          !pending ||
          pending.redirectUri !== form.get('redirect_uri') ||
          s256(form.get('code_verifier') ?? '') !== pending.challenge
        ) {
          return { status: 400, json: { error: 'invalid_grant', error_description: 'Bad Request' } };
        }
        const account = accounts.get(code)!;
        const now = Math.floor(Date.now() / 1000);
        const accessToken = `ya29.${randomBytes(24).toString('base64url')}`;
        const idToken = await new SignJWT({
          azp: client.clientId,
          email: account.email,
          email_verified: account.email_verified,
          ...(account.name ? { name: account.name } : {}),
          ...(account.hd ? { hd: account.hd } : {}),
          ...(pending.nonce ? { nonce: pending.nonce } : {}),
        })
          .setProtectedHeader({ alg: 'RS256', kid: jwk.kid, typ: 'JWT' })
          .setIssuer(issuer)
          .setAudience(state.tamper.audience ?? client.clientId)
          .setSubject(account.sub)
          .setIssuedAt(now - 5)
          .setExpirationTime(now + (state.tamper.expiresIn ?? 3600))
          .sign(state.tamper.rogueKey ? rogue.privateKey : privateKey);
        state.issued.push(accessToken, idToken);
        return {
          status: 200,
          json: {
            access_token: accessToken,
            expires_in: 3599,
            scope: 'openid https://www.googleapis.com/auth/userinfo.email',
            token_type: 'Bearer',
            id_token: idToken,
          },
        };
      }
      default:
        return { status: 404, json: { error: 'not_found' } };
    }
  });
  state.issuer = server.url;
  state.requests = server.requests;
  state.close = server.close;
  return state;
}

export interface ProviderBAccount {
  id: number;
  login: string;
  name: string | null;
  emails: Array<{ email: string; primary: boolean; verified: boolean; visibility: string | null }>;
}

export interface ProviderB {
  url: string;
  /** When set, the user API answers this status. */
  userApiStatus?: number;
  /** When set, appended to the access tokens issued (a broken vendor's, e.g. a newline). */
  tokenSuffix?: string;
  account: ProviderBAccount;
  issued: string[];
  requests: string[];
  close(): Promise<void>;
}

export async function startProviderB(client: { clientId: string; clientSecret: string }): Promise<ProviderB> {
  const codes = new Map<string, PendingCode>();
  const tokens = new Map<string, ProviderBAccount>();
  const state: ProviderB = {
    url: '',
    account: {
      id: 583231,
      login: 'octocat',
      name: 'The Octocat',
      emails: [{ email: 'octocat@example.com', primary: true, verified: true, visibility: 'public' }],
    },
    issued: [],
    requests: [],
    close: async () => {},
  };
  const server = await serve((req, url, body) => {
    switch (`${req.method} ${url.pathname}`) {
      case 'GET /login/oauth/authorize': {
        const q = url.searchParams;
        if (q.get('client_id') !== client.clientId) return { status: 404 };
        const redirect = new URL(q.get('redirect_uri')!);
        const code = randomBytes(10).toString('hex');
        codes.set(code, {
          clientId: client.clientId,
          redirectUri: q.get('redirect_uri')!,
          challenge: q.get('code_challenge') ?? '',
          account: String(state.account.id),
        });
        tokens.set(`pending:${code}`, structuredClone(state.account));
        redirect.searchParams.set('code', code);
        redirect.searchParams.set('state', q.get('state') ?? '');
        return { status: 302, location: redirect.href };
      }
      case 'POST /login/oauth/access_token': {
        const form = new URLSearchParams(body);
        const c = clientOf(req, form);
        const code = form.get('code') ?? '';
        const pending = codes.get(code);
        codes.delete(code);
        if (c.id !== client.clientId || c.secret !== client.clientSecret) {
          return {
            status: 200,
            json: {
              error: 'incorrect_client_credentials',
              error_description: 'The client_id and/or client_secret passed are incorrect.',
            },
          };
        }
        if (!pending || (pending.challenge && s256(form.get('code_verifier') ?? '') !== pending.challenge)) {
          return {
            status: 200,
            json: {
              error: 'bad_verification_code',
              error_description: 'The code passed is incorrect or expired.',
              error_uri: 'https://docs.example/oauth-errors#bad-verification-code',
            },
          };
        }
        const accessToken = `gho_${randomBytes(18).toString('hex')}${state.tokenSuffix ?? ''}`;
        tokens.set(accessToken, tokens.get(`pending:${code}`)!);
        state.issued.push(accessToken);
        return {
          status: 200,
          json: { access_token: accessToken, token_type: 'bearer', scope: 'read:user,user:email' },
        };
      }
      case 'GET /api/user':
      case 'GET /api/user/emails': {
        if (state.userApiStatus) return { status: state.userApiStatus, json: { message: 'Server Error' } };
        if (!req.headers['user-agent']) return { status: 403, json: { message: 'User-Agent required' } };
        const token = /^(?:Bearer|token) (.+)$/.exec(req.headers.authorization ?? '')?.[1];
        const account = token ? tokens.get(token) : undefined;
        if (!account) return { status: 401, json: { message: 'Bad credentials' } };
        if (url.pathname === '/api/user/emails') return { status: 200, json: account.emails };
        const primary = account.emails.find((e) => e.primary && e.visibility === 'public');
        return {
          status: 200,
          json: {
            login: account.login,
            id: account.id,
            node_id: 'MDQ6VXNlcjE=',
            type: 'User',
            name: account.name,
            email: primary?.email ?? null,
          },
        };
      }
      default:
        return { status: 404, json: { message: 'Not Found' } };
    }
  });
  state.url = server.url;
  state.requests = server.requests;
  state.close = server.close;
  return state;
}
