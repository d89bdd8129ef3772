// Prints the import map of src/ by room (a top-level folder of src/, or a sub-room of the analytics
// wing): the arrows between rooms, the knots (rooms that import each other, directly or around a loop),
// and, with --mermaid, a diagram for docs/architecture.md.
//   npx tsx scripts/import-map.ts [--mermaid]
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const src = join(root, 'src');
/** Folders whose sub-folders are rooms of their own (the wing's corridor). */
const wings = new Set(['analytics']);

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

function roomOf(file: string): string {
  const parts = relative(src, file).split('/');
  if (parts.length === 1) return parts[0]!.replace(/\.tsx?$/, '');
  if (wings.has(parts[0]!) && parts.length > 2) return `${parts[0]}/${parts[1]}`;
  return parts[0]!;
}

const importPattern = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+'(\.[^']+)'/g;
const edges = new Map<string, Map<string, number>>();
for (const file of files(src)) {
  const from = roomOf(file);
  for (const match of readFileSync(file, 'utf8').matchAll(importPattern)) {
    const target = resolve(dirname(file), match[1]!.replace(/\.js$/, '.ts'));
    if (!target.startsWith(src)) continue;
    const to = roomOf(target);
    if (to === from) continue;
    const out = edges.get(from) ?? new Map<string, number>();
    out.set(to, (out.get(to) ?? 0) + 1);
    edges.set(from, out);
  }
}

/** Tarjan's strongly connected components: a component of more than one room is a knot. */
function knots(): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    indices.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v)?.keys() ?? []) {
      if (!indices.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, indices.get(w)!));
    }
    if (low.get(v) === indices.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of edges.keys()) if (!indices.has(v)) visit(v);
  return found;
}

const sorted = [...edges.entries()].sort(([a], [b]) => a.localeCompare(b));
if (process.argv.includes('--mermaid')) {
  const id = (room: string) => room.replace(/[^a-z0-9]/gi, '_');
  const lines = ['flowchart TD'];
  for (const [from, out] of sorted) {
    for (const to of [...out.keys()].sort()) lines.push(`  ${id(from)}[${from}] --> ${id(to)}[${to}]`);
  }
  process.stdout.write(`${lines.join('\n')}\n`);
} else {
  for (const [from, out] of sorted) {
    const targets = [...out.entries()].sort(([a], [b]) => a.localeCompare(b));
    process.stdout.write(`${from} -> ${targets.map(([to, n]) => `${to}(${n})`).join(' ')}\n`);
  }
  const found = knots();
  process.stdout.write(`\nknots: ${found.length}\n`);
  for (const k of found) process.stdout.write(`  ${k.join(' <-> ')}\n`);
  const intoApp = sorted.filter(([from, out]) => out.has('app') && !['cli'].includes(from));
  process.stdout.write(`rooms importing app: ${intoApp.map(([from]) => from).join(', ') || 'none'}\n`);
}
