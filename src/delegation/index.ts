// Delegated execution (SPEC 1.1, 2.1-2.4, 4.1, 4.2): consents, the token-exchange grant, the check of
// delegated tokens on every request, and the scheduler's role.
import type { Domain } from '../kernel/domain.js';
import { actorVerifier } from './actor.js';
import { DELEGATE_PERMISSION, consentsService } from './consents.service.js';
import { TOKEN_EXCHANGE_GRANT, tokenExchangeGrant } from './exchange.js';
import { delegationRoutes } from './routes.js';
import { SCHEDULER_ROLE } from './setup.js';
import { consentMigrations } from './store.js';

export const delegationDomain: Domain = {
  name: 'delegation',
  migrations: consentMigrations,
  roles: [
    {
      slug: SCHEDULER_ROLE,
      name: 'Scheduler',
      description:
        'The scheduler service account: token exchange (auth:delegate) plus the global permissions of its system jobs.',
    },
  ],
  permissions: [
    {
      name: DELEGATE_PERMISSION,
      description: 'Exchange a client credential for a short-lived token of a user who consented',
      defaultRoles: [SCHEDULER_ROLE],
    },
  ],
  actorCheck: ({ authn, sql, authCache }) => actorVerifier(authn, sql, authCache),
  routes: (api, core) => delegationRoutes(api, consentsService(core)),
  grants: { [TOKEN_EXCHANGE_GRANT]: tokenExchangeGrant },
};
