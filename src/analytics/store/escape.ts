// The one way a value enters analytics SQL. ClickHouse 18.16 has no query parameters, so every value
// is inlined as a literal; this module is the only place that builds one (fuzz-tested in escape.test.ts
// and against both engines in the store contract suite).

export type SqlValue = string | number | bigint | boolean | null | Date;

// eslint-disable-next-line no-control-regex -- control characters are exactly what must be escaped
const CONTROL = /[\\'\u0000-\u001f\u007f]/g;
const MIN_NORMAL = 2 ** -1022;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

function escapeChar(c: string): string {
  switch (c) {
    case '\\':
      return '\\\\';
    case "'":
      return "\\'";
    case '\n':
      return '\\n';
    case '\r':
      return '\\r';
    case '\t':
      return '\\t';
    case '\0':
      return '\\0';
    default:
      return `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`;
  }
}

/** A SQL literal for `v`, valid on ClickHouse 18.16 and 26.x. */
export function lit(v: SqlValue): string {
  if (v === null) return 'NULL';
  if (typeof v === 'string') {
    // A lone surrogate has no UTF-8 form; it becomes U+FFFD, as it would on the wire anyway.
    return `'${v.replace(LONE_SURROGATE, '\uFFFD').replace(CONTROL, escapeChar)}'`;
  }
  if (typeof v === 'boolean') return v ? '1' : '0';
  if (typeof v === 'bigint') return v.toString();
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new TypeError(`not a finite number: ${v}`);
    // ClickHouse 18.16 cannot parse a subnormal literal (5e-324 is a syntax error there): scale it into
    // the normal range and back by a power of two, which is exact.
    if (v !== 0 && Math.abs(v) < MIN_NORMAL) return `(${lit(v * 2 ** 1022)} * ${MIN_NORMAL})`;
    // A negative literal is an expression (unary minus); parentheses keep it one operand anywhere.
    return v < 0 || Object.is(v, -0) ? `(${v})` : String(v);
  }
  if (v instanceof Date) {
    if (Number.isNaN(v.getTime())) throw new TypeError('invalid date');
    return lit(v.toISOString());
  }
  throw new TypeError(`cannot inline a value of type ${typeof v}`);
}

/** `(a, b, c)` for `IN`; an empty list is refused because `IN ()` is not valid SQL. */
export function litList(values: readonly SqlValue[]): string {
  if (values.length === 0) throw new TypeError('empty IN list');
  return `(${values.map(lit).join(', ')})`;
}

const IDENT = /^[A-Za-z_][A-Za-z0-9_]{0,127}$/;

/** An identifier (database, table, column) from code, never from a request: refused unless plain. */
export function ident(name: string): string {
  if (!IDENT.test(name)) throw new TypeError(`not a plain identifier: ${JSON.stringify(name)}`);
  return name;
}
