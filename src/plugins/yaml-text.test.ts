import { describe, expect, it } from 'vitest';
import { readYaml, valueDepth, yamlDepth, YamlTooDeepError } from './yaml-text.js';

const flow = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;

describe('YAML text read with bounded nesting', () => {
  it('measures nesting on the syntax tree: flow, block and compact block collections', () => {
    expect(yamlDepth('a: 1')).toBe(1);
    expect(yamlDepth('just text')).toBe(0);
    expect(yamlDepth(`a: ${flow(3)}`)).toBe(4);
    expect(yamlDepth('a:\n  b:\n    - c: [1, {d: 2}]')).toBe(6);
    expect(yamlDepth(`${'- '.repeat(5)}x`)).toBe(5);
    expect(yamlDepth('? [a, [b]]\n: 1')).toBe(3);
    expect(yamlDepth('a: 1\n---\nb: [[1]]')).toBe(3);
  });

  it('stops counting above the limit, and builds no deep recursion on the way', () => {
    const huge = `a: ${flow(50_000)}`;
    expect(yamlDepth(huge, 64)).toBe(65);
    expect(() => readYaml(huge, 64)).toThrow(YamlTooDeepError);
  });

  it('counts what aliases add, and ends on a cycle', () => {
    const text = `a: &a ${flow(10)}\nb: ${'['.repeat(10)}*a${']'.repeat(10)}`;
    expect(yamlDepth(text)).toBe(11);
    expect(valueDepth(readYaml(text, 64))).toBe(21);
    expect(() => readYaml(text, 20)).toThrow(/nests deeper than 20 levels/);
    expect(() => readYaml('&a [*a]', 64)).toThrow(YamlTooDeepError);
  });

  it('reads text at the limit, and passes the parser errors on', () => {
    expect(readYaml(`a: ${flow(63)}`, 64)).toHaveProperty('a');
    expect(() => readYaml(`a: ${flow(64)}`, 64)).toThrow(YamlTooDeepError);
    expect(readYaml('{"json": [1, 2]}', 64)).toEqual({ json: [1, 2] });
    expect(() => readYaml('a: [unclosed', 64)).toThrow();
    expect(() => readYaml('a: [unclosed', 64)).not.toThrow(YamlTooDeepError);
  });

  it('refuses a repeated key, and keeps the other limits of the parser', () => {
    expect(() => readYaml('a: 1\nb: {c: 1, c: 2}', 64)).toThrow(/"c" is repeated/);
    expect(() => readYaml('a: 1\na: 2', 64)).toThrow(/"a" is repeated/);
    expect(readYaml('a: {c: 1}\nb: {c: 2}', 64)).toEqual({ a: { c: 1 }, b: { c: 2 } });
    expect(() => readYaml('a: 1\n---\nb: 2', 64)).toThrow(/multiple documents/);
    const laughs = ['a: &a [x, x, x, x, x, x, x, x, x, x]'];
    for (let i = 0; i < 8; i++)
      laughs.push(`${'bcdefghi'[i]}: &${'bcdefghi'[i]} [${Array(10).fill(`*${'abcdefgh'[i]}`).join(', ')}]`);
    expect(() => readYaml(laughs.join('\n'), 64)).toThrow(/resource exhaustion|alias/i);
  });
});
