import { describe, it, expect } from 'vitest';
import {
  parseFilter,
  FilterSyntaxError,
  MAX_FILTER_LENGTH,
  MAX_FILTER_EXPRESSIONS,
  type FilterExpr,
  type FilterGroup,
  type FilterOperand,
  type FilterSign,
} from '../../../src/tools/filter/parser';

const id = (name: string): FilterOperand => ({ kind: 'identifier', name });
const num = (raw: string): FilterOperand => ({ kind: 'number', value: Number(raw), raw });
const text = (value: string): FilterOperand => ({ kind: 'text', value });
const fn = (name: string, ...args: FilterOperand[]): FilterOperand => ({
  kind: 'function',
  name,
  args,
});
const expr = (left: FilterOperand, op: FilterSign, right: FilterOperand): FilterExpr => ({
  kind: 'expr',
  left,
  op,
  right,
});

/** Parses a filter made of a single expression and returns that expression. */
function single(input: string): FilterExpr {
  const group = parseFilter(input);
  expect(group.items).toHaveLength(1);
  const node = group.items[0].node;
  if (node.kind !== 'expr') throw new Error('expected an expression');
  return node;
}

describe('parseFilter: operators', () => {
  const signs: FilterSign[] = [
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
  ];
  it.each(signs)('parses %s with and without spaces', (op) => {
    expect(single(`title ${op} 'abc'`)).toEqual(expr(id('title'), op, text('abc')));
    expect(single(`title${op}'abc'`)).toEqual(expr(id('title'), op, text('abc')));
    expect(single(`\n\ttitle\r\n${op}\t\t"abc"  `)).toEqual(expr(id('title'), op, text('abc')));
  });

  it.each(['==', '=!', '<>', '=<', '=>', '!', '?', '??=', '~~', '!!=', '=~', '?!'])(
    'rejects the unknown operator %s',
    (op) => {
      expect(() => parseFilter(`a ${op} b`)).toThrow(FilterSyntaxError);
    },
  );

  it('keeps a negative number after an operator apart from it', () => {
    expect(single('a!=-1')).toEqual(expr(id('a'), '!=', num('-1')));
    expect(single('a<=-1.5')).toEqual(expr(id('a'), '<=', num('-1.5')));
  });
});

describe('parseFilter: joins and groups', () => {
  it('keeps && and || in source order', () => {
    expect(parseFilter('a = 1 && b = 2 || c = 3')).toEqual({
      kind: 'group',
      items: [
        { join: '&&', node: expr(id('a'), '=', num('1')) },
        { join: '&&', node: expr(id('b'), '=', num('2')) },
        { join: '||', node: expr(id('c'), '=', num('3')) },
      ],
    });
  });

  it('parses joins without spaces', () => {
    expect(parseFilter('a=1&&b=2||c=3').items.map((i) => i.join)).toEqual(['&&', '&&', '||']);
  });

  it('parses nested groups', () => {
    const parsed = parseFilter('title ~ \'abc\' && (status = "active" || (a > 1 && b < 2))');
    const inner: FilterGroup = {
      kind: 'group',
      items: [
        { join: '&&', node: expr(id('a'), '>', num('1')) },
        { join: '&&', node: expr(id('b'), '<', num('2')) },
      ],
    };
    expect(parsed).toEqual({
      kind: 'group',
      items: [
        { join: '&&', node: expr(id('title'), '~', text('abc')) },
        {
          join: '&&',
          node: {
            kind: 'group',
            items: [
              { join: '&&', node: expr(id('status'), '=', text('active')) },
              { join: '||', node: inner },
            ],
          },
        },
      ],
    });
  });

  it('keeps a group that is the whole filter as a nested group', () => {
    expect(parseFilter('((a = 1))')).toEqual({
      kind: 'group',
      items: [
        {
          join: '&&',
          node: {
            kind: 'group',
            items: [
              {
                join: '&&',
                node: {
                  kind: 'group',
                  items: [{ join: '&&', node: expr(id('a'), '=', num('1')) }],
                },
              },
            ],
          },
        },
      ],
    });
  });

  it.each([
    ['a = 1 && ()', ['a']],
    ['() || a = 1', ['a']],
    ['a = 1 && ( ) && b = 2', ['a', 'b']],
    ['a = 1 || (()) || (( // nothing\n ))', ['a']],
    ['(() && ()) || a = 1', ['a']],
  ])('skips empty groups in %j', (input, names) => {
    const items = parseFilter(input).items;
    expect(items.map((i) => (i.node.kind === 'expr' ? i.node.left : null))).toEqual(
      names.map((n) => id(n)),
    );
  });

  it('keeps the join of an item that follows a skipped group', () => {
    expect(parseFilter('() || a = 1').items).toEqual([
      { join: '||', node: expr(id('a'), '=', num('1')) },
    ]);
  });

  it('accepts 100 nested parentheses and rejects 101', () => {
    expect(() => parseFilter(`${'('.repeat(100)}a = 1${')'.repeat(100)}`)).not.toThrow();
    expect(() => parseFilter(`${'('.repeat(101)}a = 1${')'.repeat(101)}`)).toThrow(
      FilterSyntaxError,
    );
  });
});

describe('parseFilter: comments', () => {
  it.each([
    ['a = 1 // trailing comment', 1],
    ['// leading\na = 1', 1],
    ['a = 1 // first\n&& b = 2 // second', 2],
    ['a = 1 &&// no space\nb = 2', 2],
    ['a // before the sign\n= // after the sign\n 1', 1],
    ['a = 1 // windows line\r\n&& b = 2', 2],
    ["a = 'x // not a comment'", 1],
  ])('ignores comments in %j', (input, count) => {
    expect(parseFilter(input).items).toHaveLength(count);
  });

  it('does not treat a comment inside text as a comment', () => {
    expect(single('a = "http://example.com"')).toEqual(
      expr(id('a'), '=', text('http://example.com')),
    );
  });

  it('rejects a filter made only of comments', () => {
    expect(() => parseFilter('// nothing here')).toThrow(FilterSyntaxError);
  });

  it('comments out the rest of the line, not the rest of the filter', () => {
    expect(() => parseFilter('a = // 1\n')).toThrow(FilterSyntaxError);
  });
});

describe('parseFilter: text literals', () => {
  it.each([
    [`a = 'abc'`, 'abc'],
    [`a = "abc"`, 'abc'],
    [`a = ''`, ''],
    [`a = ""`, ''],
    [`a = 'it\\'s'`, "it's"],
    [`a = "say \\"hi\\""`, 'say "hi"'],
    // Only the enclosing quote can be escaped.
    [`a = 'say \\"hi\\"'`, 'say \\"hi\\"'],
    [`a = "it\\'s"`, "it\\'s"],
    [`a = 'back\\slash'`, 'back\\slash'],
    [`a = '\\\\''`, "\\'"],
    [`a = "it's"`, "it's"],
    [`a = 'say "hi"'`, 'say "hi"'],
    [`a = '&& || ( ) = //'`, '&& || ( ) = //'],
    ["a = 'multi\nline'", 'multi\nline'],
    [`a = 'ünïcödé 😀'`, 'ünïcödé 😀'],
    [`a = '%50\\_%'`, '%50\\_%'],
  ])('parses %s', (input, value) => {
    expect(single(input).right).toEqual(text(value));
  });

  it('accepts text on the left side', () => {
    expect(single(`'a' = b`)).toEqual(expr(text('a'), '=', id('b')));
  });

  it.each([`a = 'abc`, `a = "abc`, `a = 'abc"`, `a = 'abc\\'`, `a = "abc\\"`, `'`, `a = '\\\\'`])(
    'rejects the unterminated text in %s',
    (input) => {
      expect(() => parseFilter(input)).toThrow(FilterSyntaxError);
    },
  );
});

describe('parseFilter: numbers', () => {
  it.each([
    ['0', 0],
    ['1', 1],
    ['123', 123],
    ['-1', -1],
    ['-0', -0],
    ['1.5', 1.5],
    ['-12.25', -12.25],
    ['007', 7],
    ['0.000', 0],
    ['12345678901234567890', 1.2345678901234567e19],
  ])('parses %s', (raw, value) => {
    expect(single(`a = ${raw}`).right).toEqual({ kind: 'number', value, raw });
  });

  it('parses a number on the left side', () => {
    expect(single('1 < a')).toEqual(expr(num('1'), '<', id('a')));
  });

  it.each(['.5', '5.', '1.2.3', '-', '--1', '1e5', '1_000', '- 1', '-.5', '1..2', '0x10', '1a'])(
    'rejects %s',
    (raw) => {
      expect(() => parseFilter(`a = ${raw}`)).toThrow(FilterSyntaxError);
    },
  );
});

describe('parseFilter: identifiers', () => {
  it.each([
    'title',
    'author.name:lower',
    'tags:length',
    'tags:each',
    'name:lower',
    '@request.auth.id',
    '@request.body.title:isset',
    '@collection.posts:alias.title',
    '@now',
    '@todayStart',
    'null',
    'true',
    'FALSE',
    '_id',
    '__',
    '@_',
    '#foo',
    'comments_via_post.message',
    'json.a.0.b',
    'a1',
  ])('parses %s', (name) => {
    expect(single(`${name} = 1`)).toEqual(expr(id(name), '=', num('1')));
    expect(single(`1 = ${name}`)).toEqual(expr(num('1'), '=', id(name)));
  });

  it.each([
    '.a',
    'a.',
    'a:',
    'author.name:',
    '@',
    '_',
    '#',
    ':a',
    '1a',
    'a-b',
    'a@b',
    'a#b',
    'ä',
    'a b',
    '$a',
    'a$',
  ])('rejects %j', (name) => {
    expect(() => parseFilter(`${name} = 1`)).toThrow(FilterSyntaxError);
    expect(() => parseFilter(`1 = ${name}`)).toThrow(FilterSyntaxError);
  });
});

describe('parseFilter: functions', () => {
  it('parses a function call', () => {
    expect(single('geoDistance(loc.lon, loc.lat, 23.32, 42.69) < 25')).toEqual(
      expr(
        fn('geoDistance', id('loc.lon'), id('loc.lat'), num('23.32'), num('42.69')),
        '<',
        num('25'),
      ),
    );
  });

  it.each([
    ['f()', fn('f')],
    ['f( )', fn('f')],
    ['f(a)', fn('f', id('a'))],
    ['f(a,)', fn('f', id('a'))],
    ['f( a , 1 , "x" , )', fn('f', id('a'), num('1'), text('x'))],
    ['f(\n  a,\n  b,\n)', fn('f', id('a'), id('b'))],
    ["strftime('%Y-%m', created)", fn('strftime', text('%Y-%m'), id('created'))],
    ["f('a,b', ')')", fn('f', text('a,b'), text(')'))],
    ['f(-1, 2.5)', fn('f', num('-1'), num('2.5'))],
    ['f(g(1), h())', fn('f', fn('g', num('1')), fn('h'))],
    ['a(b(c(1)))', fn('a', fn('b', fn('c', num('1'))))],
    ['@fn.x:y(1)', fn('@fn.x:y', num('1'))],
  ])('parses %s', (input, operand) => {
    expect(single(`${input} = x`)).toEqual(expr(operand, '=', id('x')));
    expect(single(`x != ${input}`)).toEqual(expr(id('x'), '!=', operand));
  });

  it.each([
    'a(b(c(d())))',
    'a(1, b(2, c(3, d(4))))',
    'f(',
    'f(a',
    'f(a,',
    'f(,)',
    'f(a,,b)',
    'f(a b)',
    'f((a))',
    'f(a = 1)',
    'f(a && b)',
    'f ()',
    'f(a))',
    'f(.a)',
    'f(1.)',
    "f('x)",
  ])('rejects %s', (input) => {
    expect(() => parseFilter(`${input} = 1`)).toThrow(FilterSyntaxError);
  });
});

describe('parseFilter: syntax errors', () => {
  it.each([
    ['empty', ''],
    ['whitespace only', '  \t\r\n '],
    ['empty group only', '()'],
    ['nested empty groups only', '(( ))'],
    ['missing right operand', 'a ='],
    ['missing left operand', '= b'],
    ['missing operator', 'a b'],
    ['double equals', 'a == b'],
    ['unclosed group', '(a = 1'],
    ['unopened group', 'a = 1)'],
    ['unbalanced nested groups', '((a = 1)'],
    ['stray closing group', '(a = 1))'],
    ['unterminated string', "'unterminated"],
    ['unterminated string as right operand', "a = 'unterminated"],
    ['dangling join', 'a = 1 &&'],
    ['dangling join in a group', '(a = 1 || )'],
    ['leading join', '&& a = 1'],
    ['single ampersand', 'a = 1 & b = 2'],
    ['single pipe', 'a = 1 | b = 2'],
    ['triple ampersand', 'a = 1 &&& b = 2'],
    ['mixed join', 'a = 1 &| b = 2'],
    ['missing join', 'a = 1 b = 2'],
    ['missing join between groups', '(a = 1) (b = 2)'],
    ['missing join before group', 'a = 1 (b = 2)'],
    ['chained comparison', 'a = 1 = 2'],
    ['leading dot', '.a = 1'],
    ['trailing dot', 'a. = 1'],
    ['lone at', '@ = 1'],
    ['lone underscore', '_ = 1'],
    ['lone hash', '# = 1'],
    ['single slash', 'a = 1 / 2'],
    ['placeholder', 'a = {:name}'],
    ['bracket', 'a[0] = 1'],
    ['group as operand', 'a = (1)'],
    ['operator only', '='],
    ['join only', '&&'],
    ['closing parenthesis only', ')'],
    ['non-breaking space', 'a\u00a0= 1'],
    ['vertical tab', 'a\v= 1'],
    ['NUL', 'a = 1\u0000'],
  ])('rejects %s: %j', (_name, input) => {
    expect(() => parseFilter(input)).toThrow(FilterSyntaxError);
  });

  it('throws errors that are FilterSyntaxError instances with a message', () => {
    try {
      parseFilter('a == b');
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(FilterSyntaxError);
      expect(err).toBeInstanceOf(Error);
      expect((err as Error).name).toBe('FilterSyntaxError');
      expect((err as Error).message).toMatch(/==/);
    }
  });

  it('rejects non-string input with FilterSyntaxError', () => {
    expect(() => parseFilter(undefined as unknown as string)).toThrow(FilterSyntaxError);
  });
});

describe('parseFilter: limits', () => {
  it(`accepts exactly ${MAX_FILTER_LENGTH} characters and rejects one more`, () => {
    const base = 'a = 1';
    const ok = base + ' '.repeat(MAX_FILTER_LENGTH - base.length);
    expect(ok).toHaveLength(MAX_FILTER_LENGTH);
    expect(() => parseFilter(ok)).not.toThrow();
    expect(() => parseFilter(`${ok} `)).toThrow(FilterSyntaxError);
  });

  it('rejects a megabyte-long filter quickly', () => {
    const start = Date.now();
    expect(() => parseFilter('('.repeat(1_000_000))).toThrow(FilterSyntaxError);
    expect(Date.now() - start).toBeLessThan(100);
  });

  it(`accepts ${MAX_FILTER_EXPRESSIONS} expressions and rejects one more`, () => {
    const filter = (n: number) => Array.from({ length: n }, () => 'a=1').join('&&');
    expect(parseFilter(filter(MAX_FILTER_EXPRESSIONS)).items).toHaveLength(MAX_FILTER_EXPRESSIONS);
    expect(() => parseFilter(filter(MAX_FILTER_EXPRESSIONS + 1))).toThrow(FilterSyntaxError);
  });

  it('counts expressions inside groups too', () => {
    const half = Array.from({ length: 101 }, () => 'a=1').join('||');
    expect(() => parseFilter(`(${half}) && (${half})`)).toThrow(FilterSyntaxError);
  });

  it('handles long text and identifiers within the limit', () => {
    const long = 'x'.repeat(3000);
    expect(single(`a = '${long}'`).right).toEqual(text(long));
    expect(single(`${long} = 1`).left).toEqual(id(long));
  });
});

describe('parseFilter: documentation examples', () => {
  it.each([
    'title ~ \'abc\' && (status = "active" || created >= @todayStart)',
    'author.name:lower = "john"',
    'tags:length > 2',
    'tags ?= "urgent"',
    'comments_via_post.message ?~ "spam"',
    'geoDistance(loc.lon, loc.lat, 23.32, 42.69) < 25',
    '@request.auth.id != "" && owner = @request.auth.id // rules / superuser only',
    '@collection.posts:alias.title ?= title && @request.body.tags:each != "c"',
    "created >= '2025-01-01 00:00:00.000Z' && deleted = null && verified = true",
  ])('parses %s', (input) => {
    expect(parseFilter(input).kind).toBe('group');
  });
});
