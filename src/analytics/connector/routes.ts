// GET /connectors/config (SPEC 4.7). The body carries the analytics database credentials, so the
// route takes no bearer token at all: only the static connector key, compared in constant time.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Api } from '../../kernel/domain.js';
import type { Settings } from '../../config/settings.js';
import { unauthorized } from '../../http/errors.js';
import { responses } from '../../http/schemas.js';
import { SinkConfig, sinkConfig } from './sinks.js';

export const CONNECTOR_KEY_HEADER = 'x-keel-connector-key';

const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();

/** Hashing both sides first makes the comparison take the same time whatever the lengths. */
export function keyMatches(given: unknown, expected: string | undefined): boolean {
  if (typeof given !== 'string' || given === '' || !expected) return false;
  return timingSafeEqual(digest(given), digest(expected));
}

export function connectorRoutes(api: Api, settings: Pick<Settings, 'analyticsUrl' | 'connector'>) {
  const authorize = async (request: FastifyRequest) => {
    if (!keyMatches(request.headers[CONNECTOR_KEY_HEADER], settings.connector.apiKey)) {
      throw unauthorized(`a valid ${CONNECTOR_KEY_HEADER} header is required`, 'connector_key_invalid');
    }
  };
  api.get(
    '/connectors/config',
    {
      // Not a user route: bearer authentication is skipped and the connector key checked instead.
      config: { public: true },
      onRequest: authorize,
      schema: {
        tags: ['analytics'],
        summary: 'Sink configuration of the analytics connector runtime',
        description: `Authenticated by the \`X-Keel-Connector-Key\` header (KEEL_CONNECTOR_API_KEY); a bearer token does not open it. Never cached. Answers 200 with the sinks: for each, its stream, topics, consumer group, batch length, poll interval, target table, mode and key, and the analytics store it writes to (transport, URL, database, user name and password). 401 \`connector_key_invalid\` without a valid key.`,
        security: [],
        response: responses({ 200: SinkConfig }),
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return sinkConfig(settings);
    },
  );
}
