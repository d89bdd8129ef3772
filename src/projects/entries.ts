// project_entries: each project's slug and name as the JSON members an answer lists it by
// (`"project":"web","name":"Web shop"`), kept by triggers in the transaction of every write of a
// project (API, import, SQL by hand). An answer that names hundreds of projects by id (the blast
// radius) reads them from this table's primary key alone, an index-only scan, instead of each
// project's row and its JSON (docs/catalog.md, "Dependencies"; docs/scale.md).
import type { Migration } from '../db/migrate.js';

/**
 * Longest entry kept, in bytes: a B-tree entry holds at most about 2,700. A longer one (only SQL by
 * hand writes a name that long: the API takes 200 characters, at most some 1,300 bytes as JSON) is left
 * out, and readers build it from the row.
 */
const MAX_ENTRY_BYTES = 2000;

export const projectEntriesMigration: Migration = {
  id: '0622_project_entries',
  sql: `
    -- The members, compact and escaped by PostgreSQL's own JSON output.
    CREATE FUNCTION project_entry(props jsonb) RETURNS text LANGUAGE sql IMMUTABLE AS $$
      SELECT '"project":' || coalesce((props->'slug')::text, 'null') ||
             ',"name":' || coalesce((props->'name')::text, 'null')
    $$;

    CREATE TABLE project_entries (
      project_id uuid NOT NULL REFERENCES graph_nodes (id) ON DELETE CASCADE,
      entry text NOT NULL,
      PRIMARY KEY (project_id) INCLUDE (entry)
    );

    CREATE FUNCTION project_entry_write() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      e text := project_entry(NEW.props);
    BEGIN
      IF octet_length(e) > ${MAX_ENTRY_BYTES} THEN
        DELETE FROM project_entries WHERE project_id = NEW.id;
      ELSE
        INSERT INTO project_entries (project_id, entry) VALUES (NEW.id, e)
        ON CONFLICT (project_id) DO UPDATE SET entry = EXCLUDED.entry;
      END IF;
      RETURN NULL;
    END $$;
    CREATE TRIGGER project_entry_created AFTER INSERT ON graph_nodes
      FOR EACH ROW WHEN (NEW.label = 'Project') EXECUTE FUNCTION project_entry_write();
    -- Only a new slug or name rewrites it: the project's other writes leave its pages all-visible.
    CREATE TRIGGER project_entry_changed AFTER UPDATE ON graph_nodes
      FOR EACH ROW WHEN (NEW.label = 'Project' AND (
        OLD.props->'slug' IS DISTINCT FROM NEW.props->'slug'
        OR OLD.props->'name' IS DISTINCT FROM NEW.props->'name'))
      EXECUTE FUNCTION project_entry_write();

    -- Projects that exist already.
    INSERT INTO project_entries (project_id, entry)
    SELECT id, project_entry(props) FROM graph_nodes
     WHERE label = 'Project' AND octet_length(project_entry(props)) <= ${MAX_ENTRY_BYTES};
  `,
};
