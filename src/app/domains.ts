// Every domain of the service, in start-up order. A new domain adds one line here.
import {
  analyticsDomain,
  analyticsReadersDomain,
  connectorDomain,
  pipelineHealthDomain,
} from '../analytics/index.js';
import { activityDomain } from '../activity/index.js';
import { authzDomain } from '../authz/index.js';
import { catalogDomain } from '../catalog/index.js';
import { commentsDomain } from '../comments/index.js';
import { consoleDomain } from '../console/index.js';
import { delegationDomain } from '../delegation/index.js';
import { environmentsDomain } from '../environments/index.js';
import { graphMigrations } from '../graph/migrations.js';
import { idempotencyMigrations } from '../idempotency/index.js';
import { identityDomain } from '../identity/index.js';
import { oauthDomain } from '../oauth/index.js';
import { operationsLogDomain } from '../operations-log/index.js';
import { organizationsDomain } from '../organizations/index.js';
import { pluginsDomain } from '../plugins/index.js';
import { projectsDomain } from '../projects/index.js';
import { releasesDomain } from '../releases/index.js';
import { scoringDomain } from '../scoring/index.js';
import { webhooksDomain } from '../webhooks/index.js';
import { schedulerDomain } from '../scheduler/index.js';
import type { Domain } from '../kernel/domain.js';

const graphDomain: Domain = { name: 'graph', migrations: graphMigrations };
/** The API's Idempotency-Key store (src/http/idempotency): a table, no routes. */
const idempotencyDomain: Domain = { name: 'idempotency', migrations: idempotencyMigrations };

export function allDomains(): Domain[] {
  const others: Domain[] = [
    projectsDomain,
    environmentsDomain,
    oauthDomain,
    pluginsDomain,
    analyticsDomain,
    delegationDomain,
    scoringDomain,
    catalogDomain,
    commentsDomain,
    webhooksDomain,
    operationsLogDomain,
    releasesDomain,
    activityDomain,
    schedulerDomain(),
    connectorDomain,
    analyticsReadersDomain,
    consoleDomain,
    pipelineHealthDomain,
  ];
  const rest = [authzDomain, organizationsDomain(others.flatMap((d) => d.teamGrants ?? [])), ...others];
  const grants = Object.assign({}, ...rest.map((d) => d.grants ?? {}));
  return [graphDomain, idempotencyDomain, identityDomain(grants), ...rest];
}
