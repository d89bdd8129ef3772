// The dependency index: each process keeps the DEPENDS_ON graph of the organizations it walked, in
// memory, and walks the blast radius there. Before each walk it reads what changed since it last looked
// (dependency-log.ts) in one small statement, so an answer is as fresh as a walk in PostgreSQL: every
// change committed before the request is in it, whichever process made it. A walk then costs
// PostgreSQL that one lookup instead of a recursion over the graph (docs/catalog.md, "The dependency
// index"; docs/scale.md).
//
// The answer is the one BLAST_RADIUS gives (dependencies.ts): each dependent at its least depth, by depth
// then id, `limit` + 1 at most, as JSON text. An organization's graph is loaded on its first walk;
// the graphs kept hold KEEL_DEPENDENCY_INDEX_EDGES edges at most (the least recently walked go first),
// and one larger than that is walked in PostgreSQL.
import type { Sql } from '../db/sql.js';
import type { Slots } from '../lib/slots.js';
import {
  ORGANIZATION_EDGES,
  changesSince,
  logPosition,
  type DependencyChange,
  type LogPosition,
} from './dependency-log.js';

/**
 * An index not brought up to date for this long is loaded again: the log keeps what readers have not
 * seen for DEPENDENCY_LOG_KEEP_MS at least (twice this), so a reader this recent has missed nothing.
 */
export const STALE_AFTER_MS = 5 * 60_000;
export const DEPENDENCY_LOG_KEEP_MS = 2 * STALE_AFTER_MS;
/** An organization too large to keep is walked in PostgreSQL; it is counted again after this long. */
const TOO_LARGE_FOR_MS = 60_000;

/** One organization's graph, its projects numbered in the order met. */
class OrgGraph {
  private readonly numbers = new Map<string, number>();
  private readonly ids: string[] = [];
  private readonly entries: Array<string | undefined> = [];
  /** The projects that depend on each project, by number. */
  private readonly dependents: Array<number[] | undefined> = [];
  /** Marks of the walk in progress (`stamp`): a project met already. */
  private marks = new Uint32Array(1024);
  private stamp = 0;
  edges = 0;
  /** When the graph was last brought up to date (ms), and what it had seen then. */
  syncedAt = 0;
  position: LogPosition;
  /** The update under way (it may have read before a new caller came), and the one waiting to start. */
  private inFlight: Promise<void> | null = null;
  private queued: Promise<void> | null = null;

  constructor(position: LogPosition) {
    this.position = position;
  }

  private number(id: string): number {
    let n = this.numbers.get(id);
    if (n === undefined) {
      n = this.ids.length;
      this.numbers.set(id, n);
      this.ids.push(id);
      this.entries.push(undefined);
      this.dependents.push(undefined);
    }
    return n;
  }

  add(project: string, dependent: string, entry: string): void {
    const p = this.number(project);
    const d = this.number(dependent);
    this.entries[d] = entry;
    const list = this.dependents[p];
    if (!list) this.dependents[p] = [d];
    else if (!list.includes(d)) list.push(d);
    else return;
    this.edges++;
  }

  remove(project: string, dependent: string): void {
    const p = this.numbers.get(project);
    const d = this.numbers.get(dependent);
    const list = p === undefined ? undefined : this.dependents[p];
    const at = list && d !== undefined ? list.indexOf(d) : -1;
    if (at < 0) return;
    list!.splice(at, 1);
    this.edges--;
  }

  apply(changes: readonly DependencyChange[]): void {
    for (const c of changes) {
      if (c.project === null) {
        const d = this.numbers.get(c.dependent);
        if (d !== undefined && c.entry !== null) this.entries[d] = c.entry;
      } else if (c.entry === null) this.remove(c.project, c.dependent);
      else this.add(c.project, c.dependent, c.entry);
    }
  }

  /**
   * Brings the graph up to date with every change committed before this call: a caller waits for an
   * update that has not read yet. Updates run one at a time, each reading from where the last stopped;
   * callers that arrive while one runs share the next.
   */
  update(read: (at: LogPosition) => Promise<{ position: LogPosition; changes: DependencyChange[] }>) {
    if (this.queued) return this.queued;
    const once = (): Promise<void> => {
      const p: Promise<void> = (async () => {
        const { position, changes } = await read(this.position);
        this.apply(changes);
        this.position = position;
        this.syncedAt = Date.now();
      })().finally(() => {
        if (this.inFlight === p) this.inFlight = null;
      });
      this.inFlight = p;
      return p;
    };
    if (!this.inFlight) return once();
    const queued = this.inFlight
      .catch(() => {})
      .then(() => {
        this.queued = null;
        return once();
      });
    this.queued = queued;
    return queued;
  }

  /** The answer's `truncated` and its list (BLAST_RADIUS's JSON), walking breadth first. */
  walk(project: string, depth: number, limit: number): { truncated: boolean; dependents: string } {
    const start = this.numbers.get(project);
    if (start === undefined) return { truncated: false, dependents: '[]' };
    if (this.marks.length < this.ids.length) this.marks = new Uint32Array(this.ids.length * 2);
    if (++this.stamp === 0xffffffff) {
      this.marks.fill(0);
      this.stamp = 1;
    }
    const marks = this.marks;
    const stamp = this.stamp;
    marks[start] = stamp;
    const parts: string[] = [];
    let found = 0;
    let frontier = [start];
    const byId = (a: number, b: number) => (this.ids[a]! < this.ids[b]! ? -1 : 1);
    // Level by level: a project first met at depth d is at its least depth. Once more than `limit` are
    // found, deeper levels cannot enter the answer (it is ordered by depth first).
    for (let d = 1; d <= depth && frontier.length > 0 && found <= limit; d++) {
      const level: number[] = [];
      for (const p of frontier) {
        const list = this.dependents[p];
        if (!list) continue;
        for (const c of list) {
          if (marks[c] === stamp) continue;
          marks[c] = stamp;
          level.push(c);
        }
      }
      level.sort(byId);
      const tail = `,"depth":${d}}`;
      for (const c of level) {
        if (found++ > limit) continue;
        parts.push(`{${this.entries[c]}${tail}`);
      }
      frontier = level;
    }
    return { truncated: found > limit, dependents: `[${parts.join(',')}]` };
  }
}

export interface DependencyIndex {
  /** The walk's answer from memory, or null when this organization is walked in PostgreSQL. */
  walk(
    orgId: string,
    projectId: string,
    depth: number,
    limit: number,
  ): Promise<{ truncated: boolean; dependents: string } | null>;
  /** Edges kept, over all organizations. */
  edges(): number;
}

/**
 * `slots` bounds the loads as it bounds the walks in PostgreSQL: a load reads a whole organization's
 * graph (about a second for 300,000 edges), so callers walking many large organizations in turn cannot
 * have more of them run at once than walks would.
 */
export function dependencyIndex(sql: Sql, maxEdges: number, slots?: Slots): DependencyIndex {
  /** By organization, the least recently walked first. */
  const graphs = new Map<string, OrgGraph>();
  const loading = new Map<string, Promise<OrgGraph | null>>();
  const tooLarge = new Map<string, number>();
  const kept = () => {
    let n = 0;
    for (const g of graphs.values()) n += g.edges;
    return n;
  };

  async function load(orgId: string): Promise<OrgGraph | null> {
    // One snapshot for the position and the edges: what the log holds past it is what they lack.
    const loaded = await sql.tx(async (tx) => {
      await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
      const position = await logPosition(tx);
      const rows = await tx.query<{ project: string; dependent: string; entry: string }>(ORGANIZATION_EDGES, [
        orgId,
        maxEdges + 1,
      ]);
      return { position, rows };
    });
    if (loaded.rows.length > maxEdges) {
      tooLarge.set(orgId, Date.now() + TOO_LARGE_FOR_MS);
      return null;
    }
    const graph = new OrgGraph(loaded.position);
    for (const r of loaded.rows) graph.add(r.project, r.dependent, r.entry);
    graph.syncedAt = Date.now();
    // Room for it: the least recently walked graphs go.
    let total = kept();
    for (const [id, g] of graphs) {
      if (total + graph.edges <= maxEdges) break;
      graphs.delete(id);
      total -= g.edges;
    }
    graphs.set(orgId, graph);
    return graph;
  }

  async function graphOf(orgId: string): Promise<OrgGraph | null> {
    const g = graphs.get(orgId);
    if (g) graphs.delete(orgId);
    if (g && Date.now() - g.syncedAt < STALE_AFTER_MS) {
      graphs.set(orgId, g); // walked now: the last to go
      return g;
    }
    if ((tooLarge.get(orgId) ?? 0) > Date.now()) return null;
    let l = loading.get(orgId);
    if (!l) {
      l = (slots ? slots.run(() => load(orgId)) : load(orgId)).finally(() => loading.delete(orgId));
      loading.set(orgId, l);
    }
    return l;
  }

  return {
    async walk(orgId, projectId, depth, limit) {
      if (maxEdges === 0) return null;
      const g = await graphOf(orgId);
      if (!g) return null;
      // A load that began before this request may lack what committed since: every walk updates first.
      await g.update((at) => changesSince(sql, orgId, at));
      return g.walk(projectId, depth, limit);
    },
    edges: kept,
  };
}
