// YAML text from a request (a plugin manifest), read with bounded nesting. The JSON body parser caps
// a body at MAX_JSON_DEPTH levels, but YAML text arrives as one JSON string, so its nesting is checked
// here. The check runs on the parser's syntax tree, which the `yaml` library builds without recursion,
// before the document is composed: composing recurses once per level, and a few thousand levels
// exhaust the stack. A stack overflow that happens while V8 compiles a regular expression ends the
// process rather than throwing, so deep input must never reach a recursive walk.
import { isScalar, Parser, parseDocument, visit, type CST } from 'yaml';

/** The text nests deeper than the limit (the message says how deep it may nest). */
export class YamlTooDeepError extends Error {}

/** The nesting depth of the collections in YAML text; stops counting above `stopAbove`. */
export function yamlDepth(text: string, stopAbove = Infinity): number {
  const stack: Array<[CST.Token, number]> = [];
  for (const token of new Parser().parse(text)) stack.push([token, 0]);
  let max = 0;
  while (stack.length > 0) {
    const [token, depth] = stack.pop()!;
    if (token.type === 'document') {
      if (token.value) stack.push([token.value, depth]);
      continue;
    }
    if (token.type !== 'block-map' && token.type !== 'block-seq' && token.type !== 'flow-collection') {
      continue;
    }
    const inner = depth + 1;
    if (inner > max && (max = inner) > stopAbove) return max;
    for (const item of token.items as CST.CollectionItem[]) {
      if (item.key) stack.push([item.key, inner]);
      if (item.value) stack.push([item.value, inner]);
    }
  }
  return max;
}

/**
 * The nesting depth of a parsed value; stops counting above `stopAbove`. Aliases can make a value
 * deeper than its text (an anchored collection nested again under each alias), and even cyclic.
 */
export function valueDepth(value: unknown, stopAbove = Infinity): number {
  const stack: Array<[unknown, number]> = [[value, 0]];
  let max = 0;
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    const inner = depth + 1;
    if (inner > max && (max = inner) > stopAbove) return max;
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, inner]);
  }
  return max;
}

/**
 * Refuses a mapping that repeats a key. The `yaml` library's own check (uniqueKeys) compares every key
 * with every other one: 20,000 keys took 3.6 s of one thread, against 0.2 s without it. This one keeps
 * a set per mapping, by the name a key gets in the parsed object.
 */
function checkUniqueKeys(doc: ReturnType<typeof parseDocument>): void {
  visit(doc, {
    Map(_key, map) {
      const seen = new Set<string>();
      for (const { key } of map.items) {
        if (!isScalar(key)) continue;
        const name = String(key.value);
        if (seen.has(name)) throw new Error(`map keys must be unique; ${JSON.stringify(name)} is repeated`);
        seen.add(name);
      }
    },
  });
}

/**
 * Parses YAML (or JSON, which is YAML) that nests at most `maxDepth` levels, aliases included; throws
 * YamlTooDeepError when it nests deeper, and the parser's error when it does not parse.
 */
export function readYaml(text: string, maxDepth: number): unknown {
  const tooDeep = () => new YamlTooDeepError(`nests deeper than ${maxDepth} levels`);
  if (yamlDepth(text, maxDepth) > maxDepth) throw tooDeep();
  const doc = parseDocument(text, { uniqueKeys: false });
  if (doc.errors.length > 0) throw doc.errors[0]!;
  checkUniqueKeys(doc);
  // maxAliasCount bounds how far aliases may multiply the document (entity expansion).
  const value: unknown = doc.toJS({ maxAliasCount: 50 });
  if (valueDepth(value, maxDepth) > maxDepth) throw tooDeep();
  return value;
}
