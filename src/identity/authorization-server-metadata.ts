// GET /.well-known/oauth-authorization-server (RFC 8414): what a client library configured only with
// Keel's issuer needs to find and use the token endpoint. Built from the grants the token endpoint
// actually serves, so the document cannot promise a grant that is not there.
import { Type } from 'typebox';
import type { Core } from '../kernel/core.js';
import type { Api } from '../kernel/domain.js';
import type { GrantHandler } from '../kernel/grants.js';
import { responses } from '../http/schemas.js';

export const METADATA_PATH = '/.well-known/oauth-authorization-server';

/** RFC 8693's grant: its presence adds the token types the exchange takes. */
const TOKEN_EXCHANGE = 'urn:ietf:params:oauth:grant-type:token-exchange';

/**
 * The subject token types the token exchange accepts (delegation's exchange.ts checks
 * `subject_token_type` against the same two). No RFC registers a metadata name for them; this one
 * follows RFC 8414's naming.
 */
const EXCHANGE_SUBJECT_TOKEN_TYPES = [
  'urn:ietf:params:oauth:token-type:access_token',
  'urn:ietf:params:oauth:token-type:jwt',
];

const Metadata = Type.Object(
  {
    issuer: Type.String({ format: 'uri' }),
    token_endpoint: Type.String({ format: 'uri' }),
    jwks_uri: Type.String({ format: 'uri' }),
    grant_types_supported: Type.Array(Type.String()),
    token_endpoint_auth_methods_supported: Type.Array(Type.String()),
    response_types_supported: Type.Array(Type.String()),
    token_exchange_subject_token_types_supported: Type.Optional(Type.Array(Type.String())),
    service_documentation: Type.String({ format: 'uri' }),
  },
  { description: 'RFC 8414 authorization server metadata' },
);

export function authorizationServerMetadataRoute(
  api: Api,
  core: Pick<Core, 'settings'>,
  grants: ReadonlyMap<string, GrantHandler>,
): void {
  const issuer = core.settings.auth.issuer.replace(/\/+$/, '');
  const base = core.settings.publicUrl.replace(/\/+$/, '');
  const grantTypes = [...grants.keys()].sort();
  const document = {
    issuer,
    token_endpoint: `${base}/auth/token`,
    jwks_uri: `${base}/.well-known/jwks.json`,
    grant_types_supported: grantTypes,
    // RFC 6749 2.3.1: HTTP Basic, or client_id and client_secret in the form (kernel/grants.ts).
    token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
    // RFC 8414 2 makes it required; no grant Keel serves uses the authorization endpoint.
    response_types_supported: [],
    ...(grants.has(TOKEN_EXCHANGE)
      ? { token_exchange_subject_token_types_supported: EXCHANGE_SUBJECT_TOKEN_TYPES }
      : {}),
    service_documentation: `${base}/docs`,
  };
  api.get(
    METADATA_PATH,
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        security: [],
        response: responses({ 200: Metadata }),
      },
    },
    async (_req, reply) => reply.header('cache-control', 'public, max-age=300').send(document),
  );
}
