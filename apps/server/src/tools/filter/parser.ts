/**
 * Parser for the PocketBase filter language ("fexpr"), e.g.
 * `title ~ 'abc' && (status = "active" || created >= @todayStart)`.
 *
 * It only checks syntax and builds an AST; resolving identifiers (fields,
 * `@request.*`, macros, modifiers) is the SQL compiler's job.
 *
 * The parser is a single left-to-right pass with bounded recursion (group
 * depth and function depth are both capped), so hostile input can neither hang
 * it nor overflow the stack, and the only error it throws is FilterSyntaxError.
 */

export type FilterOperand =
  | { kind: 'identifier'; name: string }
  | { kind: 'number'; value: number; raw: string }
  | { kind: 'text'; value: string }
  | { kind: 'function'; name: string; args: FilterOperand[] };

export type FilterSign =
  | '='
  | '!='
  | '>'
  | '>='
  | '<'
  | '<='
  | '~'
  | '!~'
  | '?='
  | '?!='
  | '?>'
  | '?>='
  | '?<'
  | '?<='
  | '?~'
  | '?!~';

export type FilterExpr = {
  kind: 'expr';
  left: FilterOperand;
  op: FilterSign;
  right: FilterOperand;
};
export type FilterGroup = { kind: 'group'; items: FilterItem[] };
/** The first item's join is always '&&' and carries no meaning. */
export type FilterItem = { join: '&&' | '||'; node: FilterExpr | FilterGroup };

export class FilterSyntaxError extends Error {
  override name = 'FilterSyntaxError';
}

export const MAX_FILTER_LENGTH = 3500;
export const MAX_FILTER_EXPRESSIONS = 200;
/** Maximum nesting of parenthesised groups (guards the recursive descent). */
export const MAX_FILTER_GROUP_DEPTH = 100;
/** Maximum nesting of function calls: `a(b(c()))` is allowed, one more level is not. */
export const MAX_FILTER_FUNCTION_DEPTH = 3;

const SIGNS: ReadonlySet<string> = new Set<FilterSign>([
  '=',
  '!=',
  '>',
  '>=',
  '<',
  '<=',
  '~',
  '!~',
  '?=',
  '?!=',
  '?>',
  '?>=',
  '?<',
  '?<=',
  '?~',
  '?!~',
]);

const NUMBER_RE = /^-?[0-9]+(\.[0-9]+)?$/;

function isWhitespace(ch: string): boolean {
  return ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r';
}

function isLetter(ch: string): boolean {
  return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z');
}

function isDigit(ch: string): boolean {
  return ch >= '0' && ch <= '9';
}

function isIdentifierStart(ch: string): boolean {
  return isLetter(ch) || ch === '_' || ch === '@' || ch === '#';
}

function isIdentifierChar(ch: string): boolean {
  return isLetter(ch) || isDigit(ch) || ch === '_' || ch === '.' || ch === ':';
}

function isSignChar(ch: string): boolean {
  return ch === '=' || ch === '!' || ch === '<' || ch === '>' || ch === '~' || ch === '?';
}

function isJoinChar(ch: string): boolean {
  return ch === '&' || ch === '|';
}

/** Shows a short, printable excerpt of what was found, for error messages. */
function describe(text: string): string {
  if (text === '') return 'end of filter';
  const shown = text.length > 20 ? `${text.slice(0, 20)}...` : text;
  return JSON.stringify(shown);
}

class Parser {
  private pos = 0;
  private expressions = 0;

  constructor(private readonly src: string) {}

  parse(): FilterGroup {
    const group = this.parseList(0, false);
    if (group.items.length === 0) this.fail('empty filter expression');
    return group;
  }

  private fail(message: string, at = this.pos): never {
    throw new FilterSyntaxError(`invalid filter: ${message} (at position ${at})`);
  }

  private peek(offset = 0): string {
    // '' doubles as the end-of-input marker.
    return this.src.charAt(this.pos + offset);
  }

  /** Skips whitespace and `//` comments (which run to the end of the line). */
  private skipSpace(): void {
    const src = this.src;
    while (this.pos < src.length) {
      const ch = src[this.pos];
      if (isWhitespace(ch)) {
        this.pos++;
      } else if (ch === '/' && src[this.pos + 1] === '/') {
        this.pos += 2;
        while (this.pos < src.length && src[this.pos] !== '\n' && src[this.pos] !== '\r') {
          this.pos++;
        }
      } else {
        return;
      }
    }
  }

  /**
   * Parses `item (join item)*` up to the end of input (top level) or the
   * closing parenthesis of a group (which it consumes). Empty groups are
   * dropped, so every returned group except possibly the top one has items.
   */
  private parseList(depth: number, inGroup: boolean): FilterGroup {
    const items: FilterItem[] = [];
    let join: '&&' | '||' = '&&';
    let expectItem = true;
    // Counts syntactic items including dropped empty groups, to tell `()` from `&& )`.
    let seen = 0;

    for (;;) {
      this.skipSpace();
      const ch = this.peek();

      if (ch === '') {
        if (inGroup) this.fail('missing closing parenthesis');
        if (expectItem && seen > 0) this.fail(`expected an expression after "${join}"`);
        return { kind: 'group', items };
      }

      if (!expectItem) {
        if (ch === ')') {
          if (!inGroup) this.fail('unexpected ")" without a matching "("');
          this.pos++;
          return { kind: 'group', items };
        }
        join = this.parseJoin();
        expectItem = true;
        continue;
      }

      if (ch === ')') {
        if (inGroup && seen === 0) {
          this.pos++;
          return { kind: 'group', items };
        }
        this.fail(inGroup ? `expected an expression after "${join}"` : 'unexpected ")"');
      }

      if (ch === '(') {
        if (depth >= MAX_FILTER_GROUP_DEPTH) {
          this.fail(`parentheses nested deeper than ${MAX_FILTER_GROUP_DEPTH}`);
        }
        this.pos++;
        const group = this.parseList(depth + 1, true);
        if (group.items.length > 0) items.push({ join, node: group });
      } else {
        items.push({ join, node: this.parseExpr() });
      }
      seen++;
      expectItem = false;
    }
  }

  private parseExpr(): FilterExpr {
    this.expressions++;
    if (this.expressions > MAX_FILTER_EXPRESSIONS) {
      this.fail(`more than ${MAX_FILTER_EXPRESSIONS} expressions`);
    }
    const left = this.parseOperand(0);
    this.skipSpace();
    const op = this.parseSign();
    this.skipSpace();
    const right = this.parseOperand(0);
    return { kind: 'expr', left, op, right };
  }

  private parseSign(): FilterSign {
    const start = this.pos;
    while (this.pos < this.src.length && isSignChar(this.src[this.pos])) this.pos++;
    const sign = this.src.slice(start, this.pos);
    if (sign === '') this.fail(`expected an operator, found ${describe(this.peek())}`);
    if (!SIGNS.has(sign)) this.fail(`unknown operator ${describe(sign)}`, start);
    return sign as FilterSign;
  }

  private parseJoin(): '&&' | '||' {
    const start = this.pos;
    while (this.pos < this.src.length && isJoinChar(this.src[this.pos])) this.pos++;
    const join = this.src.slice(start, this.pos);
    if (join === '&&' || join === '||') return join;
    if (join === '') this.fail(`expected "&&" or "||", found ${describe(this.peek())}`);
    this.fail(`unknown join operator ${describe(join)}`, start);
  }

  /** `funcDepth` is the number of function calls enclosing this operand. */
  private parseOperand(funcDepth: number): FilterOperand {
    const ch = this.peek();
    if (ch === "'" || ch === '"') return this.parseText(ch);
    if (ch === '-' || isDigit(ch)) return this.parseNumber();
    if (!isIdentifierStart(ch)) this.fail(`expected an operand, found ${describe(ch)}`);

    const start = this.pos;
    const name = this.parseIdentifier();
    if (this.peek() !== '(') return { kind: 'identifier', name };

    if (funcDepth >= MAX_FILTER_FUNCTION_DEPTH) {
      this.fail(`functions nested deeper than ${MAX_FILTER_FUNCTION_DEPTH}`, start);
    }
    this.pos++;
    return { kind: 'function', name, args: this.parseArgs(funcDepth + 1) };
  }

  private parseIdentifier(): string {
    const start = this.pos;
    this.pos++; // the start character was checked by the caller
    while (this.pos < this.src.length && isIdentifierChar(this.src[this.pos])) this.pos++;
    const name = this.src.slice(start, this.pos);
    if (name === '@' || name === '_' || name === '#') {
      this.fail(`invalid identifier ${describe(name)}`, start);
    }
    const last = name[name.length - 1];
    if (last === '.' || last === ':')
      this.fail(`identifier ${describe(name)} may not end with "${last}"`, start);
    return name;
  }

  /** Parses `arg, arg, ...)` after the opening parenthesis; a trailing comma is allowed. */
  private parseArgs(funcDepth: number): FilterOperand[] {
    const args: FilterOperand[] = [];
    this.skipSpace();
    if (this.peek() === ')') {
      this.pos++;
      return args;
    }
    for (;;) {
      args.push(this.parseOperand(funcDepth));
      this.skipSpace();
      const ch = this.peek();
      if (ch === ')') {
        this.pos++;
        return args;
      }
      if (ch !== ',') {
        this.fail(
          ch === '' ? 'unterminated function call' : `expected "," or ")", found ${describe(ch)}`,
        );
      }
      this.pos++;
      this.skipSpace();
      if (this.peek() === ')') {
        this.pos++;
        return args;
      }
    }
  }

  private parseNumber(): FilterOperand {
    const start = this.pos;
    if (this.peek() === '-') this.pos++;
    while (this.pos < this.src.length) {
      const ch = this.src[this.pos];
      if (!isDigit(ch) && ch !== '.') break;
      this.pos++;
    }
    const raw = this.src.slice(start, this.pos);
    if (!NUMBER_RE.test(raw)) this.fail(`invalid number ${describe(raw)}`, start);
    return { kind: 'number', value: Number(raw), raw };
  }

  /** Only the enclosing quote can be escaped; every other backslash is kept as is. */
  private parseText(quote: string): FilterOperand {
    const src = this.src;
    const start = this.pos;
    this.pos++;
    let value = '';
    let chunkStart = this.pos;
    while (this.pos < src.length) {
      const ch = src[this.pos];
      if (ch === '\\' && src[this.pos + 1] === quote) {
        value += src.slice(chunkStart, this.pos) + quote;
        this.pos += 2;
        chunkStart = this.pos;
      } else if (ch === quote) {
        value += src.slice(chunkStart, this.pos);
        this.pos++;
        return { kind: 'text', value };
      } else {
        this.pos++;
      }
    }
    this.fail('unterminated text literal', start);
  }
}

/**
 * Parses a filter string into a group of `&&`/`||`-joined expressions, kept in
 * source order (precedence is left to the compiler, which emits SQL AND/OR).
 * Empty groups `()` are dropped, so every returned group has at least one item.
 * Throws FilterSyntaxError on any problem (empty filter, > 3500 chars, > 200
 * expressions, bad token, unbalanced parentheses, function nesting > 3, etc.).
 */
export function parseFilter(input: string): FilterGroup {
  if (typeof input !== 'string') throw new FilterSyntaxError('invalid filter: not a string');
  // Checked before anything else so huge inputs cost nothing.
  if (input.length > MAX_FILTER_LENGTH) {
    throw new FilterSyntaxError(`invalid filter: longer than ${MAX_FILTER_LENGTH} characters`);
  }
  return new Parser(input).parse();
}
