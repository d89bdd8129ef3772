// A real OpenID Provider (oidc-provider) on 127.0.0.1 for the `oidc` login tests, with its
// development interactions (a login form that takes an account id, then a consent form).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import type { Step, Page } from './browser.js';

export interface Account {
  email?: string;
  email_verified?: boolean;
  name?: string;
}

export interface TestOp {
  issuer: string;
  provider: Provider;
  /** Accounts by id (the `sub`); tests add and change them. */
  accounts: Map<string, Account>;
  /** Lifetime of authorization codes, seconds. */
  codeTtl: number;
  /** Answers the dev interactions: logs in as `account`, then consents. */
  interact(account: string): (page: Page) => Step | undefined;
  close(): Promise<void>;
}

export async function startOp(client: {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /** Listen address used in the issuer (127.0.0.1, or localhost for a mismatched issuer). */
  host?: string;
}): Promise<TestOp> {
  const server = http.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  const issuer = `http://${client.host ?? '127.0.0.1'}:${port}`;
  const accounts = new Map<string, Account>();
  const op: TestOp = {
    issuer,
    accounts,
    codeTtl: 60,
    provider: undefined as unknown as Provider,
    interact(account) {
      return (page) => {
        const action = /<form[^>]*action="([^"]+)"/.exec(page.text)?.[1];
        const prompt = /name="prompt" value="([^"]+)"/.exec(page.text)?.[1];
        if (!action || !prompt) return undefined;
        const form: Record<string, string> =
          prompt === 'login' ? { prompt, login: account, password: 'any' } : { prompt };
        return { url: new URL(action, page.url), method: 'POST', form };
      };
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: [client.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: async (_ctx, sub) => {
      const a = accounts.get(sub);
      if (!a) return undefined;
      return { accountId: sub, claims: async () => ({ sub, ...a }) };
    },
    ttl: {
      AuthorizationCode: () => op.codeTtl,
      AccessToken: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
      Grant: 600,
    },
    cookies: { keys: ['test-op-cookie-key'] },
  });
  op.provider = provider;
  server.on('request', provider.callback());
  return op;
}
