// `pattern` and `patternProperties` of plugin schemas, matched in linear time. A plugin author chooses
// the pattern and any caller chooses the text, so a backtracking engine would let one request hold
// the event loop for seconds (`^(a+)+$`). Patterns are ECMA-262 (the `u` flag, as JSON Schema says);
// they are translated to RE2 syntax, keeping ECMA-262's meaning, and run by re2js. Backreferences
// and lookaround have no linear-time match: a schema using them is refused at install.
import { RE2JS } from 're2js';
import { spend } from './work.js';

export class UnsupportedPattern extends Error {}

/** ECMA-262 WhiteSpace and LineTerminator: what `\s` means in JavaScript (RE2's `\s` is ASCII only). */
const SPACE =
  '\\t\\n\\x{0B}\\f\\r \\x{A0}\\x{1680}\\x{2000}-\\x{200A}\\x{2028}\\x{2029}\\x{202F}\\x{205F}\\x{3000}\\x{FEFF}';
/** What `.` matches in JavaScript without the `s` flag: anything but a line terminator. */
const DOT = '[^\\n\\r\\x{2028}\\x{2029}]';

/** ECMA-262 long General_Category names (and their aliases) to the short ones RE2 knows. */
const CATEGORY: Record<string, string> = {
  Letter: 'L',
  Cased_Letter: 'LC',
  Uppercase_Letter: 'Lu',
  Lowercase_Letter: 'Ll',
  Titlecase_Letter: 'Lt',
  Modifier_Letter: 'Lm',
  Other_Letter: 'Lo',
  Mark: 'M',
  Combining_Mark: 'M',
  Nonspacing_Mark: 'Mn',
  Spacing_Mark: 'Mc',
  Enclosing_Mark: 'Me',
  Number: 'N',
  Decimal_Number: 'Nd',
  digit: 'Nd',
  Letter_Number: 'Nl',
  Other_Number: 'No',
  Punctuation: 'P',
  punct: 'P',
  Connector_Punctuation: 'Pc',
  Dash_Punctuation: 'Pd',
  Open_Punctuation: 'Ps',
  Close_Punctuation: 'Pe',
  Initial_Punctuation: 'Pi',
  Final_Punctuation: 'Pf',
  Other_Punctuation: 'Po',
  Symbol: 'S',
  Math_Symbol: 'Sm',
  Currency_Symbol: 'Sc',
  Modifier_Symbol: 'Sk',
  Other_Symbol: 'So',
  Separator: 'Z',
  Space_Separator: 'Zs',
  Line_Separator: 'Zl',
  Paragraph_Separator: 'Zp',
  Other: 'C',
  Control: 'Cc',
  cntrl: 'Cc',
  Format: 'Cf',
  Surrogate: 'Cs',
  Private_Use: 'Co',
  Unassigned: 'Cn',
};

function property(body: string, negated: boolean): string {
  const eq = body.indexOf('=');
  const name = eq < 0 ? body : body.slice(eq + 1);
  const kind = eq < 0 ? undefined : body.slice(0, eq);
  let re2: string | undefined;
  if (kind === undefined || kind === 'General_Category' || kind === 'gc') {
    re2 = CATEGORY[name] ?? (/^[A-Z][a-z]?$/.test(name) ? name : undefined);
  } else if (kind === 'Script' || kind === 'sc' || kind === 'Script_Extensions' || kind === 'scx') {
    re2 = name;
  }
  if (re2 === undefined) throw new UnsupportedPattern(`the Unicode property \\p{${body}} is not supported`);
  return `\\${negated ? 'P' : 'p'}{${re2}}`;
}

const hex = (code: number) => `\\x{${code.toString(16).toUpperCase()}}`;

/**
 * The RE2 spelling of an ECMA-262 pattern (already known to be valid with the `u` flag). Throws
 * UnsupportedPattern for what RE2 cannot match in linear time or cannot express.
 */
export function toRe2(pattern: string): string {
  let out = '';
  let inClass = false;
  let i = 0;
  const cps = [...pattern];
  const peek = (k = 0) => cps[i + k] ?? '';
  while (i < cps.length) {
    const c = cps[i]!;
    if (c === '\\') {
      const n = peek(1);
      i += 2;
      if (inClass && n === 'b')
        out += '\\x{8}'; // [\b] is a backspace
      else if (n === 'd' || n === 'D' || n === 'w' || n === 'W' || n === 'b' || n === 'B') out += `\\${n}`;
      else if (n === 's') out += inClass ? SPACE : `[${SPACE}]`;
      else if (n === 'S') {
        if (inClass) throw new UnsupportedPattern('\\S inside a character class is not supported');
        out += `[^${SPACE}]`;
      } else if (n === 'p' || n === 'P') {
        const close = cps.indexOf('}', i);
        out += property(cps.slice(i + 1, close).join(''), n === 'P');
        i = close + 1;
      } else if (n === 'u') {
        let code: number;
        if (peek() === '{') {
          const close = cps.indexOf('}', i);
          code = parseInt(cps.slice(i + 1, close).join(''), 16);
          i = close + 1;
        } else {
          code = parseInt(cps.slice(i, i + 4).join(''), 16);
          i += 4;
          // A surrogate pair written as two escapes is one code point under the `u` flag.
          if (code >= 0xd800 && code <= 0xdbff && peek() === '\\' && peek(1) === 'u') {
            const low = parseInt(cps.slice(i + 2, i + 6).join(''), 16);
            if (low >= 0xdc00 && low <= 0xdfff) {
              code = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00);
              i += 6;
            }
          }
        }
        out += hex(code);
      } else if (n === 'x') {
        out += hex(parseInt(cps.slice(i, i + 2).join(''), 16));
        i += 2;
      } else if (n === 'c') {
        out += hex(peek().codePointAt(0)! % 32);
        i += 1;
      } else if (n === '0') out += '\\x{0}';
      else if (/[1-9]/.test(n) || n === 'k') {
        throw new UnsupportedPattern('backreferences are not supported (no linear-time match exists)');
      } else if (n === 't' || n === 'n' || n === 'r' || n === 'f') out += `\\${n}`;
      else if (n === 'v') out += '\\x{0B}';
      else if (n === '/') out += '/';
      else out += `\\${n}`; // a syntax character: the same escape in RE2
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      out += c;
      i++;
      continue;
    }
    if (c === '[') {
      if (peek(1) === ']') {
        out += '[^\\x{0}-\\x{10FFFF}]'; // [] matches nothing
        i += 2;
        continue;
      }
      if (peek(1) === '^' && peek(2) === ']') {
        out += '(?s:.)'; // [^] matches anything
        i += 3;
        continue;
      }
      inClass = true;
      out += '[';
      i++;
      if (peek() === '^') {
        out += '^';
        i++;
      }
      continue;
    }
    if (c === '(' && peek(1) === '?') {
      const kind = peek(2);
      if (kind === '=' || kind === '!' || (kind === '<' && (peek(3) === '=' || peek(3) === '!'))) {
        throw new UnsupportedPattern(
          'lookahead and lookbehind are not supported (no linear-time match exists)',
        );
      }
      if (kind === '<') {
        out += '(?P<';
        i += 3;
        continue;
      }
    }
    out += c === '.' ? DOT : c;
    i++;
  }
  return out;
}

/** Texts at most this long have their answer remembered (path parameters, slugs, names, UUIDs). */
const REMEMBERED_LENGTH = 64;
/**
 * Answers remembered per pattern; all are forgotten at once when full. A caller who sends new texts
 * on every request makes a pattern hold at most 16 KiB of them (32 KiB as UTF-16).
 */
const REMEMBERED_ANSWERS = 256;

/**
 * What Ajv needs of a compiled pattern; toString is its cache key, so it must name the pattern.
 * The same short texts come back on request after request (a route's path parameters, a plugin's
 * slug), and re2js matches several times slower than the JavaScript engine: a pattern remembers its
 * answers for short texts. What a text costs the document's work budget is spent either way.
 */
class LinearRegExp {
  readonly #re: RE2JS;
  readonly #answers = new Map<string, boolean>();
  constructor(
    readonly source: string,
    readonly flags: string,
  ) {
    this.#re = RE2JS.compile(toRe2(source));
  }
  test(s: string): boolean {
    spend(s.length);
    if (s.length > REMEMBERED_LENGTH) return this.#re.test(s);
    let answer = this.#answers.get(s);
    if (answer === undefined) {
      answer = this.#re.test(s);
      if (this.#answers.size >= REMEMBERED_ANSWERS) this.#answers.clear();
      this.#answers.set(s, answer);
    }
    return answer;
  }
  toString(): string {
    return `/${this.source}/${this.flags}`;
  }
}

/**
 * Ajv's `code.regExp`: the pattern is first checked as ECMA-262 (compiled by the JavaScript engine,
 * never run), then compiled to RE2.
 */
export function linearRegExp(pattern: string, flags: string): LinearRegExp {
  new RegExp(pattern, flags); // throws SyntaxError for what ECMA-262 does not accept
  return new LinearRegExp(pattern, flags);
}
linearRegExp.code = 'linearRegExp';
