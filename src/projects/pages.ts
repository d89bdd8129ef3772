// The cached pages of project lists, reads of one project and blast radii (src/http/page-cache.ts): one
// family for every organization's, announced to every replica by triggers in the transaction that
// changes a project, a CAN_ACCESS grant, a dependency or a link definition. Those writes are rare next
// to reads and the scoring worker writes in batches, so the notification's cost at commit (PostgreSQL
// serializes committing transactions that notify) is paid rarely; and every writer is covered, SQL by
// hand included.
import type { Migration } from '../db/migrate.js';
import type { Tx } from '../db/sql.js';
import { PAGES_CHANNEL } from '../http/page-cache.js';
import type { Core } from '../kernel/core.js';

export const PROJECT_PAGES = 'projects';

/**
 * A change in `tx` to projects or to what their pages show: when it commits, this process's cached
 * project nodes and project pages go, so the writer's next read sees its write (the triggers tell the
 * other replicas).
 */
export function dropProjectsOnCommit(
  { graphCache, pages }: Pick<Core, 'graphCache' | 'pages'>,
  tx: Tx,
): void {
  graphCache.invalidate(tx);
  pages.invalidate(tx, PROJECT_PAGES);
}

export const projectPagesMigration: Migration = {
  id: '0610_project_pages_notify',
  sql: `
    CREATE FUNCTION project_pages_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('${PAGES_CHANNEL}', '${PROJECT_PAGES}');
      RETURN NULL;
    END $$;
    CREATE TRIGGER project_pages_written AFTER INSERT OR UPDATE ON graph_nodes
      FOR EACH ROW WHEN (NEW.label = 'Project') EXECUTE FUNCTION project_pages_changed();
    CREATE TRIGGER project_pages_deleted AFTER DELETE ON graph_nodes
      FOR EACH ROW WHEN (OLD.label = 'Project') EXECUTE FUNCTION project_pages_changed();
    CREATE TRIGGER project_pages_grant_written AFTER INSERT OR UPDATE ON graph_edges
      FOR EACH ROW WHEN (NEW.label = 'CAN_ACCESS') EXECUTE FUNCTION project_pages_changed();
    CREATE TRIGGER project_pages_grant_deleted AFTER DELETE ON graph_edges
      FOR EACH ROW WHEN (OLD.label = 'CAN_ACCESS') EXECUTE FUNCTION project_pages_changed();
  `,
};

/** The two triggers that drop the family when a row of `label` in `table` is written or deleted. */
const droppedOnChange = (name: string, table: 'graph_nodes' | 'graph_edges', label: string) => `
    CREATE TRIGGER project_pages_${name}_written AFTER INSERT OR UPDATE ON ${table}
      FOR EACH ROW WHEN (NEW.label = '${label}') EXECUTE FUNCTION project_pages_changed();
    CREATE TRIGGER project_pages_${name}_deleted AFTER DELETE ON ${table}
      FOR EACH ROW WHEN (OLD.label = '${label}') EXECUTE FUNCTION project_pages_changed();
  `;

/** A blast radius walks DEPENDS_ON edges: a change to one drops the family too. */
export const dependencyPagesMigration: Migration = {
  id: '0611_dependency_pages_notify',
  sql: droppedOnChange('dependency', 'graph_edges', 'DEPENDS_ON'),
};

/** The read of one project resolves its organization's link definitions: a change to one drops the family. */
export const linkDefinitionPagesMigration: Migration = {
  id: '0612_link_definition_pages_notify',
  sql: droppedOnChange('link_definition', 'graph_nodes', 'LinkDefinition'),
};
