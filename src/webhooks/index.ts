// Webhooks (SPEC 6.3.3): admins register them; integrations deliver to them; deliveries become events.
import type { Domain } from '../kernel/domain.js';
import { webhookDelivery } from './delivery.js';
import { webhookRoutes } from './routes.js';
import { webhookMigrations } from './store.js';
import { WEBHOOKS_READ, WEBHOOKS_WRITE, webhooksService } from './service.js';

export const webhooksDomain: Domain = {
  name: 'webhooks',
  migrations: webhookMigrations,
  permissions: [
    { name: WEBHOOKS_READ, description: 'List and read webhooks (never their secrets)' },
    { name: WEBHOOKS_WRITE, description: 'Register, change and delete webhooks and set their secrets' },
  ],
  routes: (api, core) => webhookRoutes(api, webhooksService(core), webhookDelivery(core)),
};
