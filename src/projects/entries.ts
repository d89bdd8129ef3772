// The blast radius's own index: project_dependents holds each DEPENDS_ON edge the other way round
// (project -> the project that depends on it) with the dependent's entry, its slug and name as the
// JSON members the answer lists it by (`"project":"web","name":"Web shop"`). Triggers keep it in the
// transaction of every write of an edge or of a project's slug or name (API, import, SQL by hand).
// One step of the walk is then one range of its primary key, read by an index-only scan, which
// answers the next projects and how to name them at once (docs/catalog.md, "Dependencies";
// docs/scale.md).
//
// 0622 kept the entries in a table by project (project_entries), so that each dependent the walk
// reached cost a second index lookup; 0623 replaces it.
import type { Migration } from '../db/migrate.js';

/**
 * Longest entry kept, in bytes: a B-tree entry holds at most about 2,700. A longer one (only SQL by
 * hand writes a name that long: the API takes 200 characters, at most some 1,300 bytes as JSON) is left
 * out, and readers build it from the row.
 */
export const MAX_ENTRY_BYTES = 2000;

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

export const projectDependentsMigration: Migration = {
  id: '0623_project_dependents',
  sql: `
    DROP TRIGGER project_entry_created ON graph_nodes;
    DROP TRIGGER project_entry_changed ON graph_nodes;
    DROP FUNCTION project_entry_write();
    DROP TABLE project_entries;

    -- The entry a dependent is listed by; null when too long for the index (readers build it then).
    CREATE FUNCTION project_entry_kept(props jsonb) RETURNS text LANGUAGE sql IMMUTABLE AS $$
      SELECT e FROM (SELECT project_entry(props) AS e) built WHERE octet_length(e) <= ${MAX_ENTRY_BYTES}
    $$;

    CREATE TABLE project_dependents (
      project_id uuid NOT NULL,
      dependent_id uuid NOT NULL,
      entry text,
      PRIMARY KEY (project_id, dependent_id) INCLUDE (entry)
    );
    -- A renamed project's rows, found by the dependent.
    CREATE INDEX project_dependents_dependent ON project_dependents (dependent_id);

    -- The dependent's row is read FOR SHARE: a rename of it not yet committed (which cannot see this
    -- new row to update it) is waited for, and its name read once it commits.
    CREATE FUNCTION project_dependents_edge() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      e text;
    BEGIN
      IF TG_OP IN ('DELETE', 'UPDATE') AND OLD.label = 'DEPENDS_ON' THEN
        DELETE FROM project_dependents WHERE project_id = OLD.dst AND dependent_id = OLD.src;
      END IF;
      IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.label = 'DEPENDS_ON' THEN
        SELECT project_entry_kept(n.props) INTO e FROM graph_nodes n WHERE n.id = NEW.src FOR SHARE;
        INSERT INTO project_dependents (project_id, dependent_id, entry) VALUES (NEW.dst, NEW.src, e)
        ON CONFLICT (project_id, dependent_id) DO UPDATE SET entry = EXCLUDED.entry;
      END IF;
      RETURN NULL;
    END $$;
    CREATE TRIGGER project_dependents_added AFTER INSERT ON graph_edges
      FOR EACH ROW WHEN (NEW.label = 'DEPENDS_ON') EXECUTE FUNCTION project_dependents_edge();
    CREATE TRIGGER project_dependents_removed AFTER DELETE ON graph_edges
      FOR EACH ROW WHEN (OLD.label = 'DEPENDS_ON') EXECUTE FUNCTION project_dependents_edge();
    -- A note's change leaves the row alone; an edge moved by hand moves it.
    CREATE TRIGGER project_dependents_moved AFTER UPDATE ON graph_edges
      FOR EACH ROW WHEN ((OLD.label = 'DEPENDS_ON' OR NEW.label = 'DEPENDS_ON')
                         AND (OLD.src, OLD.label, OLD.dst) IS DISTINCT FROM (NEW.src, NEW.label, NEW.dst))
      EXECUTE FUNCTION project_dependents_edge();

    CREATE FUNCTION project_dependents_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE project_dependents SET entry = project_entry_kept(NEW.props) WHERE dependent_id = NEW.id;
      RETURN NULL;
    END $$;
    -- Only a new slug or name rewrites the entries: the project's other writes touch nothing here.
    CREATE TRIGGER project_dependents_renamed AFTER UPDATE ON graph_nodes
      FOR EACH ROW WHEN (NEW.label = 'Project' AND (
        OLD.props->'slug' IS DISTINCT FROM NEW.props->'slug'
        OR OLD.props->'name' IS DISTINCT FROM NEW.props->'name'))
      EXECUTE FUNCTION project_dependents_renamed();

    -- The dependencies that exist already.
    INSERT INTO project_dependents (project_id, dependent_id, entry)
    SELECT e.dst, e.src, project_entry_kept(n.props)
      FROM graph_edges e JOIN graph_nodes n ON n.id = e.src
     WHERE e.label = 'DEPENDS_ON';
  `,
};
