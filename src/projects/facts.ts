// project_facts: what the list filters read, one row per fact of a project, kept by triggers in the
// transaction of every write of a project (API, import, scoring worker, SQL by hand). A filter on a
// fact is a range of the primary key, in project id order from the page's cursor: a page reads its
// own rows whatever the organization holds (docs/catalog.md, "Filters").
import type { Migration } from '../db/migrate.js';
import { MAX_FACT_VALUE } from './list.js';

/**
 * Facts of a project:
 * - `team` ('', team slug), `type` ('', type slug), `environment` ('', environment id);
 * - `has` (attribute name, ''): the top-level attribute exists (whatever its value, null included);
 * - `attribute` (attribute name, value as text): a top-level attribute that is a string, number or
 *   boolean, and each such element of a top-level array, of at most MAX_FACT_VALUE characters.
 * `archived` copies the project's state, so a default list reads live projects only.
 */
export const projectFactsMigration: Migration = {
  id: '0621_project_facts',
  sql: `
    CREATE TABLE project_facts (
      organization_id uuid NOT NULL,
      archived boolean NOT NULL,
      kind text NOT NULL,
      name text NOT NULL,
      value text NOT NULL,
      project_id uuid NOT NULL REFERENCES graph_nodes (id) ON DELETE CASCADE,
      PRIMARY KEY (organization_id, archived, kind, name, value, project_id)
    );
    -- A project's own facts: rewritten with it, and probed by the filters a page does not walk.
    CREATE INDEX project_facts_project ON project_facts (project_id, kind, name, value);
    ALTER TABLE project_facts SET (autovacuum_analyze_threshold = 2000, autovacuum_vacuum_threshold = 2000,
      autovacuum_vacuum_insert_threshold = 2000);

    CREATE FUNCTION project_fact_text(v jsonb) RETURNS text LANGUAGE sql IMMUTABLE AS $$
      SELECT CASE jsonb_typeof(v) WHEN 'string' THEN v #>> '{}' WHEN 'number' THEN v::text
                                  WHEN 'boolean' THEN v::text END
    $$;

    CREATE FUNCTION project_facts_write() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      org uuid := (NEW.props->>'organization_id')::uuid;
      arch boolean := NEW.props ? 'archived';
      attrs jsonb := CASE WHEN jsonb_typeof(NEW.props->'attributes') = 'object' THEN NEW.props->'attributes' ELSE '{}' END;
      types jsonb := CASE WHEN jsonb_typeof(NEW.props->'types') = 'array' THEN NEW.props->'types' ELSE '[]' END;
    BEGIN
      IF org IS NULL THEN RETURN NULL; END IF;
      DELETE FROM project_facts WHERE project_id = NEW.id AND kind <> 'environment';
      UPDATE project_facts SET archived = arch WHERE project_id = NEW.id AND archived <> arch;
      INSERT INTO project_facts (organization_id, archived, kind, name, value, project_id)
      SELECT org, arch, f.kind, f.name, f.value, NEW.id FROM (
        SELECT 'team' AS kind, '' AS name, NEW.props->>'team' AS value
        UNION ALL SELECT 'type', '', t FROM jsonb_array_elements_text(types) t
        UNION ALL SELECT 'has', a.key, '' FROM jsonb_each(attrs) a
        UNION ALL SELECT 'attribute', a.key, project_fact_text(x)
          FROM jsonb_each(attrs) a,
               LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(a.value) = 'array' THEN a.value
                                                 ELSE jsonb_build_array(a.value) END) x
      ) f
      WHERE f.value IS NOT NULL AND length(f.name) <= ${MAX_FACT_VALUE} AND length(f.value) <= ${MAX_FACT_VALUE}
      ON CONFLICT DO NOTHING;
      RETURN NULL;
    END $$;
    CREATE TRIGGER project_facts_created AFTER INSERT ON graph_nodes
      FOR EACH ROW WHEN (NEW.label = 'Project') EXECUTE FUNCTION project_facts_write();
    -- The scoring worker's writes (score, previous_score) change no fact: no trigger for them.
    CREATE TRIGGER project_facts_changed AFTER UPDATE ON graph_nodes
      FOR EACH ROW WHEN (NEW.label = 'Project' AND (
        OLD.props->'attributes' IS DISTINCT FROM NEW.props->'attributes'
        OR OLD.props->'team' IS DISTINCT FROM NEW.props->'team'
        OR OLD.props->'types' IS DISTINCT FROM NEW.props->'types'
        OR (OLD.props ? 'archived') <> (NEW.props ? 'archived')
        OR OLD.props->'organization_id' IS DISTINCT FROM NEW.props->'organization_id'))
      EXECUTE FUNCTION project_facts_write();

    -- Projects that exist already.
    INSERT INTO project_facts (organization_id, archived, kind, name, value, project_id)
    SELECT (n.props->>'organization_id')::uuid, n.props ? 'archived', f.kind, f.name, f.value, n.id
      FROM graph_nodes n,
           LATERAL (
             SELECT 'team' AS kind, '' AS name, n.props->>'team' AS value
             UNION ALL SELECT 'has', a.key, '' FROM jsonb_each(CASE WHEN jsonb_typeof(n.props->'attributes') = 'object' THEN n.props->'attributes' ELSE '{}' END) a
             UNION ALL SELECT 'attribute', a.key, project_fact_text(x)
               FROM jsonb_each(CASE WHEN jsonb_typeof(n.props->'attributes') = 'object' THEN n.props->'attributes' ELSE '{}' END) a,
                    LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(a.value) = 'array' THEN a.value
                                                      ELSE jsonb_build_array(a.value) END) x
           ) f
     WHERE n.label = 'Project' AND n.props->>'organization_id' IS NOT NULL
       AND f.value IS NOT NULL AND length(f.name) <= ${MAX_FACT_VALUE} AND length(f.value) <= ${MAX_FACT_VALUE}
    ON CONFLICT DO NOTHING;
  `,
};
