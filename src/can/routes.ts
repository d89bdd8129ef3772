// POST /auth/can: may the caller call METHOD PATH? Answered from the route's declared permission
// (can.ts) without calling the route. Registered before the domains' routes; the router table fills
// as they register, and is read at request time.
import { Type } from 'typebox';
import type { Api } from '../kernel/domain.js';
import type { Core } from '../kernel/core.js';
import { authOf } from '../kernel/route.js';
import { invalid } from '../http/errors.js';
import { responses } from '../http/schemas.js';
import type { AllowedMethods } from '../http/allowed-methods.js';
import { CAN_METHODS, canCall, unrouted } from './evaluate.js';
import { signedIn } from '../http/route-permission.js';

/** The longest path a question may name (a route's parameters are bounded by 2048 characters). */
export const CAN_PATH_MAX = 4096;

const CanQuestion = Type.Object(
  {
    method: Type.Union(
      CAN_METHODS.map((m) => Type.Literal(m)),
      { description: 'the HTTP method of the call' },
    ),
    path: Type.String({
      minLength: 1,
      maxLength: CAN_PATH_MAX,
      pattern: '^/',
      'x-expected': 'a path starting with /, such as /organizations/acme/projects',
      description:
        'the concrete path of the call, percent-encoded as it would be sent; a query string is ignored',
    }),
  },
  { additionalProperties: false },
);

const CanAnswer = Type.Object({
  allowed: Type.Boolean({ description: "whether the route's permission check admits the caller" }),
  permission: Type.Union([Type.String(), Type.Null()], {
    description: 'the global permission the route needs, or null when it needs none',
  }),
  reason: Type.String({ description: 'why, in plain words' }),
});

export function canRoutes(api: Api, core: Core, table: AllowedMethods): void {
  api.post(
    '/auth/can',
    {
      config: { permission: signedIn('it answers for the caller alone') },
      schema: {
        tags: ['authorization'],
        body: CanQuestion,
        response: responses({ 200: CanAnswer }),
      },
    },
    async (req) => {
      const ctx = authOf(req);
      const path = req.body.path.split(/[?#]/, 1)[0]!;
      if (path === '') throw invalid('/path', 'must be a path starting with /');
      // The router answers 400 for a path it cannot decode: so does the question.
      if (!decodes(path)) throw invalid('/path', 'is not correctly percent-encoded');
      const route = table.match(req.body.method === 'HEAD' ? 'GET' : req.body.method, path);
      if (!route) return unrouted(table, req.body.method, path);
      return canCall(core.sql, ctx, route);
    },
  );
}

function decodes(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}
