import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  parseFilter,
  FilterSyntaxError,
  MAX_FILTER_LENGTH,
  MAX_FILTER_EXPRESSIONS,
  type FilterExpr,
  type FilterGroup,
  type FilterItem,
  type FilterOperand,
  type FilterSign,
} from '../../../src/tools/filter/parser';

const SIGNS: FilterSign[] = [
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

// Characters that matter to the grammar, so random strings reach deep into the parser.
const FILTER_ALPHABET = [...'ab1_@#.:()\'"\\=!<>~?&|-, \t\r\n/0x'];

// ---------------------------------------------------------------------------
// Checking helpers

/** Checks the shape invariants of a successful parse; returns the number of expressions. */
function checkGroup(group: FilterGroup): number {
  expect(group.kind).toBe('group');
  expect(group.items.length).toBeGreaterThan(0);
  let count = 0;
  for (const item of group.items) {
    expect(['&&', '||']).toContain(item.join);
    if (item.node.kind === 'group') {
      count += checkGroup(item.node);
    } else {
      expect(item.node.kind).toBe('expr');
      expect(SIGNS).toContain(item.node.op);
      checkOperand(item.node.left, 0);
      checkOperand(item.node.right, 0);
      count++;
    }
  }
  return count;
}

function checkOperand(operand: FilterOperand, depth: number): void {
  if (operand.kind === 'function') {
    expect(depth).toBeLessThan(3);
    for (const arg of operand.args) checkOperand(arg, depth + 1);
  } else if (operand.kind === 'number') {
    expect(operand.raw).toMatch(/^-?\d+(\.\d+)?$/);
    expect(operand.value).toBe(Number(operand.raw));
  } else if (operand.kind === 'identifier') {
    expect(operand.name).toMatch(/^[A-Za-z_@#][A-Za-z0-9_.:]*$/);
  }
}

/** The property for arbitrary input: a valid group or a FilterSyntaxError, nothing else. */
function parsesOrRejects(input: string): void {
  let group: FilterGroup;
  try {
    group = parseFilter(input);
  } catch (err) {
    if (err instanceof FilterSyntaxError) return;
    throw err;
  }
  expect(input.length).toBeLessThanOrEqual(MAX_FILTER_LENGTH);
  expect(checkGroup(group)).toBeLessThanOrEqual(MAX_FILTER_EXPRESSIONS);
}

// ---------------------------------------------------------------------------
// Valid AST generation

const identifierArb = fc.oneof(
  fc.stringMatching(/^[A-Za-z_@#][A-Za-z0-9_.:]{0,12}[A-Za-z0-9_]$/),
  fc.stringMatching(/^[A-Za-z]$/),
  fc.constantFrom('@request.auth.id', 'tags:length', 'author.name:lower', 'null', 'true', '@now'),
);

const numberArb: fc.Arbitrary<FilterOperand> = fc
  .stringMatching(/^-?[0-9]{1,10}(\.[0-9]{1,5})?$/)
  .map((raw) => ({ kind: 'number', value: Number(raw), raw }));

// A value ending in a backslash cannot be written: the backslash would escape the closing quote.
const textArb: fc.Arbitrary<FilterOperand> = fc
  .oneof(
    fc.string({ maxLength: 20 }),
    fc.string({ maxLength: 20, unit: 'binary' }),
    fc.string({ maxLength: 20, unit: fc.constantFrom(...FILTER_ALPHABET) }),
  )
  .filter((value) => !value.endsWith('\\'))
  .map((value) => ({ kind: 'text', value }));

const leafArb: fc.Arbitrary<FilterOperand> = fc.oneof(
  identifierArb.map((name): FilterOperand => ({ kind: 'identifier', name })),
  numberArb,
  textArb,
);

/** Operands that sit inside `depth` function calls. */
function operandArb(depth: number): fc.Arbitrary<FilterOperand> {
  if (depth >= 3) return leafArb;
  const fnArb = fc
    .tuple(identifierArb, fc.array(operandArb(depth + 1), { maxLength: 3 }))
    .map(([name, args]): FilterOperand => ({ kind: 'function', name, args }));
  return fc.oneof({ arbitrary: leafArb, weight: 4 }, { arbitrary: fnArb, weight: 1 });
}

const exprArb: fc.Arbitrary<FilterExpr> = fc
  .tuple(operandArb(0), fc.constantFrom(...SIGNS), operandArb(0))
  .map(([left, op, right]) => ({ kind: 'expr', left, op, right }));

function groupArb(depth: number): fc.Arbitrary<FilterGroup> {
  const nodeArb: fc.Arbitrary<FilterExpr | FilterGroup> =
    depth >= 3
      ? exprArb
      : fc.oneof({ arbitrary: exprArb, weight: 3 }, { arbitrary: groupArb(depth + 1), weight: 1 });
  const itemArb = fc
    .tuple(fc.constantFrom<FilterItem['join']>('&&', '||'), nodeArb)
    .map(([join, node]): FilterItem => ({ join, node }));
  return fc.array(itemArb, { minLength: 1, maxLength: 3 }).map((items) => ({
    kind: 'group',
    // The parser always reports '&&' for the first item.
    items: items.map((item, i) => (i === 0 ? { ...item, join: '&&' } : item)),
  }));
}

// Separators the printer may put between tokens; none of them is ever required.
const GAPS = ['', ' ', '  ', '\t', '\n', '\r\n', ' // a comment\n', '//\n'];

/** Prints an AST back to filter text, varying whitespace, comments and quotes. */
function printFilter(group: FilterGroup, gaps: number[]): string {
  let next = 0;
  const gap = (): string => GAPS[gaps.length === 0 ? 1 : gaps[next++ % gaps.length]];

  const operand = (op: FilterOperand): string => {
    switch (op.kind) {
      case 'identifier':
        return op.name;
      case 'number':
        return op.raw;
      case 'text': {
        const quote = next++ % 2 === 0 ? "'" : '"';
        return quote + op.value.split(quote).join(`\\${quote}`) + quote;
      }
      case 'function': {
        const args = op.args.map((a) => gap() + operand(a) + gap());
        const trailing = args.length > 0 && next++ % 3 === 0 ? ',' : '';
        return `${op.name}(${args.join(',')}${trailing}${gap()})`;
      }
    }
  };

  const list = (g: FilterGroup): string =>
    g.items
      .map((item, i) => {
        const join = i === 0 ? '' : `${gap()}${item.join}${gap()}`;
        const node =
          item.node.kind === 'group'
            ? `(${gap()}${list(item.node)}${gap()})`
            : `${operand(item.node.left)}${gap()}${item.node.op}${gap()}${operand(item.node.right)}`;
        return join + node;
      })
      .join('');

  return gap() + list(group) + gap();
}

const gapsArb = fc.array(fc.nat({ max: GAPS.length - 1 }), { maxLength: 10 });

function countExpressions(group: FilterGroup): number {
  return group.items.reduce(
    (sum, item) => sum + (item.node.kind === 'group' ? countExpressions(item.node) : 1),
    0,
  );
}

// ---------------------------------------------------------------------------
// Mutations

type Mutation = { kind: 'insert' | 'delete' | 'replace'; at: number; ch: string };

const mutationArb: fc.Arbitrary<Mutation> = fc.record({
  kind: fc.constantFrom<Mutation['kind']>('insert', 'delete', 'replace'),
  at: fc.nat(),
  ch: fc.oneof(
    fc.constantFrom(...FILTER_ALPHABET),
    fc.string({ minLength: 1, maxLength: 1, unit: 'binary' }),
  ),
});

function mutate(input: string, mutations: Mutation[]): string {
  let out = input;
  for (const m of mutations) {
    const at = m.at % (out.length + 1);
    if (m.kind === 'insert') out = out.slice(0, at) + m.ch + out.slice(at);
    else if (m.kind === 'delete') out = out.slice(0, at) + out.slice(at + 1);
    else out = out.slice(0, at) + m.ch + out.slice(at + 1);
  }
  return out;
}

// ---------------------------------------------------------------------------

describe('parseFilter properties', () => {
  it('only ever returns a group or throws FilterSyntaxError on random strings', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 200 }),
          fc.string({ maxLength: 200, unit: 'binary' }),
          fc.string({ maxLength: 200, unit: 'grapheme' }),
          fc.string({ maxLength: 300, unit: fc.constantFrom(...FILTER_ALPHABET) }),
          fc.string({
            minLength: 3400,
            maxLength: 3600,
            unit: fc.constantFrom(...FILTER_ALPHABET),
          }),
        ),
        (input) => {
          parsesOrRejects(input);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('rejects megabyte-long random strings with FilterSyntaxError', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 64, unit: 'binary' }), (chunk) => {
        const input = chunk.repeat(Math.ceil(1_000_000 / chunk.length));
        expect(() => parseFilter(input)).toThrow(FilterSyntaxError);
      }),
      { numRuns: 20 },
    );
  });

  it('round-trips generated ASTs through the printer', () => {
    fc.assert(
      fc.property(groupArb(0), gapsArb, (ast, gaps) => {
        const printed = printFilter(ast, gaps);
        if (printed.length > MAX_FILTER_LENGTH || countExpressions(ast) > MAX_FILTER_EXPRESSIONS) {
          expect(() => parseFilter(printed)).toThrow(FilterSyntaxError);
          return;
        }
        expect(parseFilter(printed)).toEqual(ast);
      }),
      { numRuns: 500 },
    );
  });

  it('only ever returns a group or throws FilterSyntaxError on mutated valid filters', () => {
    fc.assert(
      fc.property(
        groupArb(0),
        gapsArb,
        fc.array(mutationArb, { minLength: 1, maxLength: 4 }),
        (ast, gaps, mutations) => {
          parsesOrRejects(mutate(printFilter(ast, gaps), mutations));
        },
      ),
      { numRuns: 1000 },
    );
  });
});
