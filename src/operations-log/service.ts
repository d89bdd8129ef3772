// The operations log (deployments, rollbacks, maintenance...): entries are written to the analytics
// stream only; their readers query the analytics database.
import type { Core } from '../app/core.js';
import { attribution, type AuthContext } from '../authz/context.js';
import { authorize } from '../authz/guard.js';
import { findEnvironment } from '../environments/service.js';
import { uuidv7 } from '../graph/ids.js';
import { invalid } from '../http/errors.js';
import { mustFindOrganization } from '../organizations/service.js';
import { findProject } from '../projects/store.js';
import { recordEntry, type EntryType, type OperationsEntry } from './entries.js';

export const OPERATIONS_LOG_PERMISSION = 'operations_log:create';

export interface EntryInput {
  project: string;
  environment: string;
  entry_type: EntryType;
  description: string;
  version?: string | undefined;
  link?: string | undefined;
  ticket?: string | undefined;
  occurred_at?: string | undefined;
}

export function operationsLogService({ sql }: Pick<Core, 'sql'>) {
  return {
    async create(ctx: AuthContext, orgSlug: string, input: EntryInput): Promise<OperationsEntry> {
      authorize(ctx, OPERATIONS_LOG_PERMISSION);
      if (input.description.trim() === '') throw invalid('/description', 'must not be blank');
      return sql.tx(async (tx) => {
        const org = await mustFindOrganization(tx, orgSlug);
        const project = await findProject(tx, org.id, input.project);
        if (!project)
          throw invalid('/project', `no project ${input.project} in ${orgSlug}`, 'unknown_project');
        const env = await findEnvironment(tx, input.environment);
        if (!env) throw invalid('/environment', `no environment ${input.environment}`, 'unknown_environment');
        const now = new Date().toISOString();
        const entry: OperationsEntry = {
          id: uuidv7(),
          organization: org.props.slug,
          project: project.props.slug,
          environment: env.props.slug,
          entry_type: input.entry_type,
          description: input.description,
          version: input.version ?? null,
          link: input.link ?? null,
          ticket: input.ticket ?? null,
          occurred_at: input.occurred_at ? new Date(input.occurred_at).toISOString() : now,
          recorded_by: attribution(ctx),
          recorded_at: now,
        };
        await recordEntry(tx, entry);
        return entry;
      });
    },
  };
}

export type OperationsLogService = ReturnType<typeof operationsLogService>;
