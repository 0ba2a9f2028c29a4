import {
  parseFilter,
  type FilterGroup,
  type FilterOperand,
  type FilterSign,
} from '../../tools/filter/parser';
import {
  isMultiple,
  q,
  type Collection,
  type CollectionRegistry,
  type ModelField,
} from '../collection-model';
import { decideAccess } from '../access';
import type { RequestInfo } from '../request-info';
import { formatDate, isStorableText } from '../values';
import { SqlParams } from './params';

/** A filter or sort that names something it may not, or that cannot be resolved (400). */
export class FilterResolveError extends Error {}
/** A client filter that uses `@request.` or `@collection.` (403 for everyone but superusers). */
export class FilterForbiddenError extends Error {}

type ValueType = 'text' | 'number' | 'bool' | 'null';

/** A source of rows that a multi-valued operand iterates over. */
type Frame = { from: string; where?: string };

/**
 * A resolved operand: an SQL expression plus, when it reaches through relations or lists, the
 * frames it needs. `multi` operands stand for a set of values (one per row of the frames).
 */
type Val = {
  sql: string;
  type: ValueType;
  frames: Frame[];
  multi: boolean;
  /** The JS value of a literal (its `sql` is a bound parameter). */
  literal?: { value: string | number | boolean | null };
  /** Column (not literal) compared with `=`: PocketBase treats NULL and '' alike. */
  nullFallback: boolean;
  /** A JSON value read as a number (NULL unless it is a JSON number), for comparisons with numbers. */
  jsonNumber?: string;
  /** A condition without which the value may not be compared at all (an audit entry's values). */
  guard?: string;
};

export type CompileOptions = {
  registry: CollectionRegistry;
  collection: Collection;
  /** The SQL alias of the collection's table in the surrounding query. */
  alias: string;
  request: RequestInfo;
  /** `client`: a filter/sort from the query string, with the restrictions of the API. */
  mode: 'rule' | 'client';
  params: SqlParams;
};

const MAX_RELATION_DEPTH = 6;
const MACROS = new Set([
  '@now',
  '@yesterday',
  '@tomorrow',
  '@todayStart',
  '@todayEnd',
  '@monthStart',
  '@monthEnd',
  '@yearStart',
  '@yearEnd',
  '@second',
  '@minute',
  '@hour',
  '@day',
  '@month',
  '@weekday',
  '@year',
]);

/** Compiles a filter string into an SQL boolean expression with bound parameters. */
export function compileFilter(filter: string, options: CompileOptions): string {
  // No stored text holds NUL or a lone surrogate (binding NUL fails; jsonb refuses surrogates).
  if (typeof filter === 'string' && !isStorableText(filter))
    throw new FilterResolveError('filters may not contain NUL characters or unpaired surrogates');
  if (options.mode === 'client') assertClientSafe(filter);
  const ast = parseFilter(filter);
  return new Compiler(options).group(ast);
}

/** Compiles one sort path (without direction) into an SQL expression. */
export function compileSortExpression(path: string, options: CompileOptions): string {
  if (options.mode === 'client') assertClientSafe(path);
  if (path === '@random') return 'random()';
  if (path === '@rowid') return `${options.alias}."_rowid"`;
  const compiler = new Compiler(options);
  const val = compiler.identifier(path);
  if (val.multi) throw new FilterResolveError(`invalid sort field ${path}`);
  const sql = compiler.scalar(val);
  // A value the reader may not see sorts as if it were empty.
  return val.guard ? `(CASE WHEN ${val.guard} THEN ${sql} END)` : sql;
}

function assertClientSafe(text: string): void {
  if (text.includes('@collection.'))
    throw new FilterForbiddenError('Only superusers can filter by @collection.');
  if (text.includes('@request.'))
    throw new FilterForbiddenError('Only superusers can filter by @request.');
}

// Helpers at module level rather than closures in the methods: the TypeScript loader names
// every function kept in a variable, a property write each time the method runs.
function isNull(v: Val): boolean {
  return v.literal !== undefined && v.literal.value === null;
}

function isEmpty(v: Val): boolean {
  return v.literal !== undefined && (v.literal.value === '' || v.literal.value === null);
}

function withGuard(val: Val, guard: string | null): Val {
  return guard ? { ...val, guard } : val;
}

class Compiler {
  private aliasCounter = 0;
  private readonly auditGuards = new Map<string, string | null>();
  constructor(private readonly o: CompileOptions) {}

  private nextAlias(prefix: string): string {
    this.aliasCounter += 1;
    return `${prefix}${this.aliasCounter}_${this.o.alias.replace(/[^a-z0-9_]/gi, '')}`;
  }

  group(group: FilterGroup): string {
    const parts: string[] = [];
    for (const item of group.items) {
      const sql =
        item.node.kind === 'group'
          ? this.group(item.node)
          : this.expr(item.node.left, item.node.op, item.node.right);
      if (parts.length > 0) parts.push(item.join === '&&' ? 'AND' : 'OR');
      parts.push(sql);
    }
    return parts.length === 0 ? 'TRUE' : `(${parts.join(' ')})`;
  }

  private expr(leftOp: FilterOperand, op: FilterSign, rightOp: FilterOperand): string {
    const left = this.operand(leftOp);
    const right = this.operand(rightOp);
    const sql = this.comparison(left, op, right);
    // A guarded value matches nothing where the reader may not see it, whatever the operator.
    const guards = [left.guard, right.guard].filter((g): g is string => !!g);
    return guards.length ? `(${sql} AND ${guards.join(' AND ')})` : sql;
  }

  private comparison(left: Val, op: FilterSign, right: Val): string {
    const any = op.startsWith('?');
    const sign = (any ? op.slice(1) : op) as BaseSign;
    if (!left.multi && !right.multi)
      return this.compare(this.flatten(left), sign, this.flatten(right));

    // Multi-valued: `?op` = at least one value matches, plain op = every value matches.
    const sides = [left, right].filter((v) => v.multi).map((v) => this.leftJoined(v));
    const l = left.multi ? sides[0].val : this.flatten(left);
    const r = right.multi ? sides[sides.length - 1].val : this.flatten(right);
    const cond = this.compare(l, sign, r);
    const from = sides.map((s) => s.from).join(', ');
    if (any) return `EXISTS (SELECT 1 FROM ${from} WHERE ${cond})`;
    return `NOT EXISTS (SELECT 1 FROM ${from} WHERE NOT COALESCE((${cond}), FALSE))`;
  }

  /**
   * The values of a multi-valued operand as a derived table. Like PocketBase's LEFT JOIN, a side
   * without any value yields a single NULL (so `tags:each != "x"` holds for no tags, `tags:each = "x"` not).
   */
  private leftJoined(v: Val): { from: string; val: Val } {
    const a = this.nextAlias('m');
    const wheres = v.frames.flatMap((f) => (f.where ? [f.where] : []));
    const source = `FROM ${v.frames.map((f) => f.from).join(', ')}${wheres.length ? ` WHERE ${wheres.join(' AND ')}` : ''}`;
    const number = v.jsonNumber ? `, ${v.jsonNumber} AS n` : '';
    return {
      from: `(SELECT ${v.sql} AS v${number} ${source} UNION ALL SELECT NULL${number ? ', NULL' : ''} WHERE NOT EXISTS (SELECT 1 ${source})) AS ${a}(v${number ? ', n' : ''})`,
      val: {
        ...v,
        sql: `${a}.v`,
        frames: [],
        multi: false,
        jsonNumber: number ? `${a}.n` : undefined,
      },
    };
  }

  /** Turns a single-valued operand that reaches through relations into a scalar subquery. */
  private flatten(v: Val): Val {
    if (v.frames.length === 0) return v;
    return {
      ...v,
      sql: this.scalar(v),
      frames: [],
      jsonNumber: v.jsonNumber && this.scalar({ ...v, sql: v.jsonNumber }),
    };
  }

  scalar(v: Val): string {
    if (v.frames.length === 0) return v.sql;
    const wheres = v.frames.flatMap((f) => (f.where ? [f.where] : []));
    return `(SELECT ${v.sql} FROM ${v.frames.map((f) => f.from).join(', ')}${wheres.length ? ` WHERE ${wheres.join(' AND ')}` : ''} LIMIT 1)`;
  }

  // ---- comparisons -------------------------------------------------------------------------

  private compare(left: Val, sign: BaseSign, right: Val): string {
    if (sign === '~' || sign === '!~') return this.like(left, sign, right);
    const negate = sign === '!=';
    if ((sign === '=' || sign === '!=') && (isEmpty(left) || isEmpty(right))) {
      // Decided before unify(): reading a literal's `sql` binds its parameter, and an empty
      // literal is never used in the SQL below (PostgreSQL rejects unused parameters).
      const otherVal = isEmpty(left) ? right : left;
      if (isNull(left) && isNull(right)) return negate ? 'FALSE' : 'TRUE';
      if (otherVal.literal !== undefined) {
        // Literal against literal: plain comparison of the values.
        const same = (otherVal.literal.value ?? '') === '';
        return negate ? String(!same).toUpperCase() : String(same).toUpperCase();
      }
      const other = otherVal.sql;
      if (otherVal.type === 'text' && otherVal.nullFallback) {
        return negate
          ? `(${other} <> '' AND ${other} IS NOT NULL)`
          : `(${other} = '' OR ${other} IS NULL)`;
      }
      // Without a null fallback (json values) '' and null differ: PocketBase's `a IS ''` / `a IS NULL`.
      if (otherVal.type === 'text' && !isNull(left) && !isNull(right)) {
        return negate ? `(${other} IS DISTINCT FROM '')` : `(${other} IS NOT DISTINCT FROM '')`;
      }
      return negate ? `(${other} IS NOT NULL)` : `(${other} IS NULL)`;
    }
    const [l, r, type] = this.unify(left, right);
    if (sign === '=' || sign === '!=') {
      if (
        left.literal === undefined &&
        right.literal === undefined &&
        type === 'text' &&
        left.nullFallback &&
        right.nullFallback
      ) {
        return negate
          ? `(COALESCE(${l}, '') <> COALESCE(${r}, ''))`
          : `(COALESCE(${l}, '') = COALESCE(${r}, ''))`;
      }
      return negate ? `(${l} IS DISTINCT FROM ${r})` : `(${l} = ${r})`;
    }
    return `(${l} ${sign} ${r})`;
  }

  private like(left: Val, sign: '~' | '!~', right: Val): string {
    const l = left.type === 'text' ? left.sql : `(${left.sql})::text`;
    let pattern: string;
    if (right.literal !== undefined) {
      const raw = right.literal.value === null ? '' : String(right.literal.value);
      // Without an unescaped % the value is a plain "contains" search.
      const hasWildcard = /(^|[^\\])%/.test(raw);
      const value = hasWildcard ? raw : `%${raw.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      pattern = this.o.params.add(value, 'text');
    } else {
      pattern = `('%' || ${right.type === 'text' ? right.sql : `(${right.sql})::text`} || '%')`;
    }
    // Like PocketBase's `NOT LIKE`, a missing value (empty relation, absent json key) matches neither.
    return sign === '~' ? `(${l} ILIKE ${pattern})` : `(NOT (${l} ILIKE ${pattern}))`;
  }

  /** Brings both sides to one type; literals are converted in JS, columns are cast to text. */
  private unify(left: Val, right: Val): [string, string, ValueType] {
    if (left.type === right.type || left.type === 'null' || right.type === 'null') {
      const type = left.type === 'null' ? right.type : left.type;
      return [left.sql, right.sql, type];
    }
    // A JSON value compared with a number is compared as a number, like SQLite's json_extract.
    if (left.jsonNumber && right.type === 'number') return [left.jsonNumber, right.sql, 'number'];
    if (right.jsonNumber && left.type === 'number') return [left.sql, right.jsonNumber, 'number'];
    if (left.literal !== undefined && right.literal === undefined) {
      const converted = this.convertLiteral(left.literal.value, right.type);
      if (converted) return [converted, right.sql, right.type];
    }
    if (right.literal !== undefined && left.literal === undefined) {
      const converted = this.convertLiteral(right.literal.value, left.type);
      if (converted) return [left.sql, converted, left.type];
    }
    return [`(${left.sql})::text`, `(${right.sql})::text`, 'text'];
  }

  private convertLiteral(value: string | number | boolean | null, to: ValueType): string | null {
    if (value === null) return `NULL`;
    switch (to) {
      case 'number': {
        const n =
          typeof value === 'number'
            ? value
            : typeof value === 'boolean'
              ? Number(value)
              : Number(value);
        if (typeof value === 'string' && (value.trim() === '' || !Number.isFinite(n))) return null;
        return this.o.params.add(n, 'float8');
      }
      case 'bool': {
        const s = String(value).toLowerCase();
        if (s === 'true' || s === '1') return this.o.params.add(true, 'boolean');
        if (s === 'false' || s === '0') return this.o.params.add(false, 'boolean');
        return null;
      }
      case 'text':
        return this.o.params.add(
          typeof value === 'number' ? numberToText(value) : String(value),
          'text',
        );
      default:
        return null;
    }
  }

  // ---- operands ----------------------------------------------------------------------------

  /** A literal; its parameter is bound only if the SQL ends up using it (PG rejects unused untyped ones). */
  private literal(value: string | number | boolean | null): Val {
    const params = this.o.params;
    const type: ValueType =
      value === null
        ? 'null'
        : typeof value === 'number'
          ? 'number'
          : typeof value === 'boolean'
            ? 'bool'
            : 'text';
    const cast = type === 'number' ? 'float8' : type === 'bool' ? 'boolean' : 'text';
    let placeholder: string | undefined;
    return {
      type,
      frames: [],
      multi: false,
      literal: { value },
      nullFallback: false,
      get sql() {
        placeholder ??= value === null ? 'NULL' : params.add(value, cast);
        return placeholder;
      },
    };
  }

  private operand(op: FilterOperand): Val {
    switch (op.kind) {
      case 'number':
        return this.literal(op.value);
      case 'text':
        return this.literal(op.value);
      case 'function':
        return this.func(op.name, op.args);
      case 'identifier':
        return this.identifier(op.name);
    }
  }

  identifier(name: string): Val {
    const lowered = name.toLowerCase();
    if (
      (lowered === 'null' || lowered === 'true' || lowered === 'false') &&
      !this.o.collection.field(name)
    ) {
      return this.literal(lowered === 'null' ? null : lowered === 'true');
    }
    if (name.startsWith('@')) {
      if (MACROS.has(name)) return this.macro(name);
      if (name.startsWith('@request.')) return this.requestValue(name.slice('@request.'.length));
      if (name.startsWith('@collection.'))
        return this.collectionValue(name.slice('@collection.'.length));
      throw new FilterResolveError(`unknown identifier ${name}`);
    }
    if (!/^\w+[\w.:]*$/.test(name)) throw new FilterResolveError(`invalid identifier ${name}`);
    const { segments, modifier } = splitModifier(name);
    return this.path(this.o.collection, this.o.alias, segments, [], false, modifier, 0);
  }

  private macro(name: string): Val {
    const now = new Date();
    const day = (d: Date) =>
      new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
    switch (name) {
      case '@now':
        return this.literal(formatDate(now));
      case '@yesterday':
        return this.literal(formatDate(new Date(now.getTime() - 86_400_000)));
      case '@tomorrow':
        return this.literal(formatDate(new Date(now.getTime() + 86_400_000)));
      case '@todayStart':
        return this.literal(formatDate(day(now)));
      case '@todayEnd':
        return this.literal(formatDate(new Date(day(now).getTime() + 86_399_999)));
      case '@monthStart':
        return this.literal(
          formatDate(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))),
        );
      case '@monthEnd':
        return this.literal(
          formatDate(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1) - 1)),
        );
      case '@yearStart':
        return this.literal(formatDate(new Date(Date.UTC(now.getUTCFullYear(), 0, 1))));
      case '@yearEnd':
        return this.literal(formatDate(new Date(Date.UTC(now.getUTCFullYear() + 1, 0, 1) - 1)));
      case '@second':
        return this.literal(now.getUTCSeconds());
      case '@minute':
        return this.literal(now.getUTCMinutes());
      case '@hour':
        return this.literal(now.getUTCHours());
      case '@day':
        return this.literal(now.getUTCDate());
      case '@month':
        return this.literal(now.getUTCMonth() + 1);
      case '@weekday':
        return this.literal(now.getUTCDay());
      default:
        return this.literal(now.getUTCFullYear());
    }
  }

  private requestValue(rest: string): Val {
    const { segments, modifier } = splitModifier(rest);
    const [head, ...path] = segments;
    const request = this.o.request;
    if (head === 'method' && path.length === 0) return this.literal(request.method);
    if (head === 'context' && path.length === 0) return this.literal(request.context);
    if ((head === 'query' || head === 'headers') && path.length === 1) {
      const source = head === 'query' ? request.query : request.headers;
      const key = path[0];
      const has = Object.prototype.hasOwnProperty.call(source, key);
      if (modifier === 'isset') return this.literal(has);
      const value = has ? source[key] : null;
      return this.applyLower(this.literal(value), modifier);
    }
    if (head === 'body' && path.length >= 1) return this.bodyValue(path, modifier);
    if (head === 'auth') return this.authValue(path, modifier);
    throw new FilterResolveError(`unknown identifier @request.${rest}`);
  }

  private bodyValue(path: string[], modifier: string | undefined): Val {
    const body = this.o.request.body;
    const key = path[0];
    const has = Object.prototype.hasOwnProperty.call(body, key);
    if (modifier === 'isset') return this.literal(has);
    const field = this.o.collection.field(key);
    const raw = has ? body[key] : null;
    if (modifier === 'changed') {
      if (!field || !has) return this.literal(false);
      const submitted = this.bodyScalar(raw, field);
      const stored = this.path(this.o.collection, this.o.alias, [key], [], false, undefined, 0);
      return {
        sql: `(${this.compare(submitted, '!=', this.flatten(stored))})`,
        type: 'bool',
        frames: [],
        multi: false,
        nullFallback: false,
      };
    }
    if (path.length > 1) {
      // @request.body.rel.field: traverse from the submitted relation ids.
      if (!field || field.type !== 'relation')
        throw new FilterResolveError(`cannot traverse @request.body.${key}`);
      const target = this.o.registry.get(field.collection)!;
      const a = this.nextAlias('b');
      const ids = (Array.isArray(raw) ? raw : raw ? [raw] : []).map(String);
      const frames = [
        {
          from: `${q(target.table)} ${a}`,
          where: `${a}."id" = ANY(${this.o.params.add(ids, 'text[]')})`,
        },
      ];
      const { segments } = splitModifier(path.slice(1).join('.'));
      return this.path(target, a, segments, frames, isMultiple(field), modifier, 1);
    }
    if (Array.isArray(raw)) {
      if (modifier === 'length') return this.literal(raw.length);
      const e = this.nextAlias('e');
      const values = raw.map((v) => (v === null || v === undefined ? '' : String(v)));
      return this.applyLower(
        {
          sql: `${e}.v`,
          type: 'text',
          multi: true,
          nullFallback: true,
          frames: [{ from: `unnest(${this.o.params.add(values, 'text[]')}) AS ${e}(v)` }],
        },
        modifier,
      );
    }
    if (modifier === 'length')
      return this.literal(raw === null || raw === undefined || raw === '' ? 0 : 1);
    return this.applyLower(this.bodyScalar(raw, field), modifier);
  }

  private bodyScalar(raw: unknown, field: ModelField | undefined): Val {
    if (raw === null || raw === undefined) return this.literal(null);
    if (
      field?.type === 'number' &&
      typeof raw === 'string' &&
      raw.trim() !== '' &&
      Number.isFinite(Number(raw))
    ) {
      return this.literal(Number(raw));
    }
    if (typeof raw === 'number' || typeof raw === 'boolean' || typeof raw === 'string')
      return this.literal(raw);
    return this.literal(JSON.stringify(raw));
  }

  private authValue(path: string[], modifier: string | undefined): Val {
    const auth = this.o.request.auth;
    if (path.length === 0) throw new FilterResolveError('invalid identifier @request.auth');
    if (!auth) return this.literal(null);
    const [head] = path;
    if (path.length === 1 && head === 'collectionId') return this.literal(auth.collection.id);
    if (path.length === 1 && head === 'collectionName') return this.literal(auth.collection.name);
    if (path.length === 1 && head === 'id')
      return this.applyLower(this.literal(String(auth.record.id)), modifier);
    // Any other field is read from the account's row, so relations can be followed too.
    const a = this.nextAlias('au');
    const frames = [
      {
        from: `${q(auth.collection.table)} ${a}`,
        where: `${a}."id" = ${this.o.params.add(String(auth.record.id), 'text')}`,
      },
    ];
    return this.path(auth.collection, a, path, frames, false, modifier, 0, true);
  }

  private collectionValue(rest: string): Val {
    const { segments, modifier } = splitModifier(rest);
    const [nameWithAlias, ...path] = segments;
    const name = nameWithAlias.split(':')[0];
    const target = this.o.registry.get(name);
    if (!target || path.length === 0) throw new FilterResolveError(`unknown collection ${name}`);
    const a = this.nextAlias('c');
    return this.path(target, a, path, [{ from: `${q(target.table)} ${a}` }], true, modifier, 0);
  }

  private func(name: string, args: FilterOperand[]): Val {
    if (name === 'strftime') {
      if (args.length < 1 || args.length > 2 || args[0].kind !== 'text') {
        throw new FilterResolveError('strftime expects a format text and an optional time value');
      }
      const format = strftimeToPostgres(args[0].value);
      const time = args[1]
        ? this.flatten(this.operand(args[1]))
        : this.literal(formatDate(new Date()));
      const t = time.type === 'text' ? time.sql : `(${time.sql})::text`;
      // Dates are stored as text in one layout; anything that does not look like one gives ''.
      // Built with date arithmetic, never a cast, so text like 2026-02-30 rolls over (as SQLite
      // does) instead of failing the query.
      const s = this.nextAlias('s');
      const stamp =
        `make_timestamp(m[1]::int, m[2]::int, 1, 0, 0, 0) + make_interval(days => m[3]::int - 1, hours => COALESCE(m[4], '0')::int, ` +
        `mins => COALESCE(m[5], '0')::int, secs => (COALESCE(m[6], '0') || '.' || COALESCE(m[7], '0'))::float8)`;
      return {
        sql: `(SELECT CASE WHEN m IS NULL THEN '' ELSE to_char(${stamp}, ${this.o.params.add(format, 'text')}) END FROM (SELECT regexp_match(${t}, '${DATE_TEXT}') AS m) AS ${s})`,
        type: 'text',
        frames: [],
        multi: false,
        nullFallback: true,
        // What the reader may not compare stays so through a function of it.
        guard: time.guard,
      };
    }
    if (name === 'geoDistance') {
      if (args.length !== 4) throw new FilterResolveError('geoDistance expects 4 arguments');
      const guards: string[] = [];
      const [lonA, latA, lonB, latB] = args.map((a) => {
        const v = this.flatten(this.operand(a));
        if (v.guard) guards.push(v.guard);
        // Text that is not a plain number gives NULL rather than a cast error; so do infinities.
        const n =
          v.type === 'number'
            ? v.sql
            : `(CASE WHEN (${v.sql})::text ~ '${NUMBER_TEXT}' THEN ((${v.sql})::text)::float8 END)`;
        return `NULLIF(NULLIF(${n}, 'Infinity'::float8), '-Infinity'::float8)`;
      });
      // Clamped into asin's domain (coordinates off the globe must not fail the query); NULL stays NULL.
      const h = `power(sin(radians(${latB} - ${latA}) / 2), 2) + cos(radians(${latA})) * cos(radians(${latB})) * power(sin(radians(${lonB} - ${lonA}) / 2), 2)`;
      const g = this.nextAlias('g');
      const sql = `(SELECT 6371 * 2 * asin(LEAST(1::float8, sqrt(GREATEST(0::float8, h)))) FROM (SELECT ${h} AS h) AS ${g} WHERE h IS NOT NULL)`;
      return {
        sql,
        type: 'number',
        frames: [],
        multi: false,
        nullFallback: false,
        guard: guards.length ? guards.join(' AND ') : undefined,
      };
    }
    throw new FilterResolveError(`unknown function ${name}`);
  }

  private applyLower(v: Val, modifier: string | undefined): Val {
    if (!modifier) return v;
    if (modifier === 'lower') {
      if (v.literal !== undefined)
        return this.literal(
          v.literal.value === null ? null : String(v.literal.value).toLowerCase(),
        );
      return { ...v, sql: `LOWER((${v.sql})::text)`, type: 'text', jsonNumber: undefined };
    }
    throw new FilterResolveError(`unsupported modifier :${modifier}`);
  }

  /** Resolves `a.b.c` from a collection row, following relations and back-relations. */
  private path(
    collection: Collection,
    alias: string,
    segments: string[],
    frames: Frame[],
    multi: boolean,
    modifier: string | undefined,
    depth: number,
    trusted = false,
  ): Val {
    if (depth > MAX_RELATION_DEPTH) throw new FilterResolveError('too many nested relations');
    const [segment, ...rest] = segments;
    const field = collection.field(segment);
    const via = /^(\w+)_via_(\w+)$/.exec(segment);
    if (!field && via) {
      const target = this.o.registry.get(via[1]);
      const relation = target?.field(via[2]);
      if (
        !target ||
        !relation ||
        relation.type !== 'relation' ||
        relation.collection !== collection.name
      ) {
        throw new FilterResolveError(`invalid back-relation ${segment}`);
      }
      this.checkField(target, relation, trusted);
      const a = this.nextAlias('v');
      const link = isMultiple(relation)
        ? `${a}.${q(relation.name)} ? ${alias}."id"`
        : `${a}.${q(relation.name)} = ${alias}."id"`;
      const unique = (target.def.indexes ?? []).some(
        (i) => i.unique && i.columns.length === 1 && i.columns[0] === relation.name,
      );
      const next = [
        ...frames,
        { from: `${q(target.table)} ${a}`, where: this.joinGuard(target, a, link, trusted) },
      ];
      return this.path(
        target,
        a,
        rest.length ? rest : ['id'],
        next,
        multi || !unique || isMultiple(relation),
        modifier,
        depth + 1,
        trusted,
      );
    }
    if (!field) throw new FilterResolveError(`unknown field ${segment}`);
    this.checkField(collection, field, trusted);
    if (field.type === 'json') this.checkSnapshot(collection, field, rest, trusted);
    const guard = this.auditValuesGuard(collection, field, alias, trusted);
    const column = `${alias}.${q(field.name)}`;
    if (rest.length === 0)
      return withGuard(this.fieldValue(field, column, frames, multi, modifier), guard);
    if (field.type === 'relation') {
      const target = this.o.registry.get(field.collection)!;
      // `rel.id` is the stored id itself: no join needed.
      if (rest.length === 1 && rest[0] === 'id' && !isMultiple(field))
        return this.fieldValue(field, column, frames, multi, modifier);
      const a = this.nextAlias('r');
      const link = isMultiple(field) ? `${column} ? ${a}."id"` : `${a}."id" = ${column}`;
      const next = [
        ...frames,
        { from: `${q(target.table)} ${a}`, where: this.joinGuard(target, a, link, trusted) },
      ];
      return this.path(
        target,
        a,
        rest,
        next,
        multi || isMultiple(field),
        modifier,
        depth + 1,
        trusted,
      );
    }
    if (field.type === 'json') {
      const keys = rest.map((k) => k);
      if (keys.some((k) => !/^\w+$/.test(k))) throw new FilterResolveError('invalid json path');
      const keysParam = this.o.params.add(keys, 'text[]');
      const sql = `(${column} #>> ${keysParam})`;
      const jsonNumber = `(CASE WHEN jsonb_typeof(${column} #> ${keysParam}) = 'number' THEN (${column} #>> ${keysParam})::float8 END)`;
      return withGuard(
        this.applyLower(
          { sql, type: 'text', frames, multi, nullFallback: false, jsonNumber },
          modifier,
        ),
        guard,
      );
    }
    throw new FilterResolveError(`cannot traverse ${segment}`);
  }

  private fieldValue(
    field: ModelField,
    column: string,
    frames: Frame[],
    multi: boolean,
    modifier: string | undefined,
  ): Val {
    if (isMultiple(field)) {
      if (modifier === 'length')
        return {
          sql: `jsonb_array_length(${column})`,
          type: 'number',
          frames,
          multi,
          nullFallback: false,
        };
      if (modifier === 'each') {
        const e = this.nextAlias('e');
        return {
          sql: `${e}.v`,
          type: 'text',
          frames: [...frames, { from: `jsonb_array_elements_text(${column}) AS ${e}(v)` }],
          multi: true,
          nullFallback: true,
        };
      }
      if (modifier && modifier !== 'lower')
        throw new FilterResolveError(`unsupported modifier :${modifier}`);
      // Named alone, a multiple field is its stored JSON text, as in PocketBase: `tags ~ "x"`
      // searches `["x","y"]`, and only `:each` (or a relation path) goes through the values.
      const text: Val = {
        sql: this.jsonArrayText(column),
        type: 'text',
        frames,
        multi,
        nullFallback: true,
      };
      return this.applyLower(text, modifier);
    }
    if (modifier === 'each' || modifier === 'length')
      throw new FilterResolveError(`:${modifier} needs a multiple field`);
    let val: Val;
    switch (field.type) {
      case 'number':
        val = { sql: column, type: 'number', frames, multi, nullFallback: false };
        break;
      case 'bool':
        val = { sql: column, type: 'bool', frames, multi, nullFallback: false };
        break;
      case 'json':
        val = {
          sql: `(${column} #>> '{}')`,
          type: 'text',
          frames,
          multi,
          nullFallback: false,
          jsonNumber: `(CASE WHEN jsonb_typeof(${column}) = 'number' THEN (${column} #>> '{}')::float8 END)`,
        };
        break;
      default:
        val = { sql: column, type: 'text', frames, multi, nullFallback: true };
    }
    return this.applyLower(val, modifier);
  }

  /**
   * A stored list as PocketBase keeps it: compact JSON text (`["a","b"]`), where jsonb's own
   * text would put a space after each comma and so differ for `=` and for `~ '","'`.
   */
  private jsonArrayText(column: string): string {
    const e = this.nextAlias('j');
    return `(CASE WHEN jsonb_typeof(${column}) = 'array' THEN (SELECT '[' || COALESCE(string_agg(${e}.v::text, ',' ORDER BY ${e}.n), '') || ']' FROM jsonb_array_elements(${column}) WITH ORDINALITY AS ${e}(v, n)) ELSE (${column})::text END)`;
  }

  /** Client filters may not read hidden fields or fields behind a permission the account lacks. */
  private checkField(collection: Collection, field: ModelField, trusted: boolean): void {
    if (this.o.mode === 'rule' || trusted) return;
    if (field.hidden) throw new FilterResolveError(`non-filterable field ${field.name}`);
    if (field.permission && !this.o.request.auth?.permissions.has(field.permission)) {
      throw new FilterResolveError(`non-filterable field ${field.name}`);
    }
    void collection;
  }

  /**
   * Audit snapshots (`user_activities.before/after`) hold other collections' values: without every
   * field permission they can only be searched by keys that no permission guards.
   */
  private checkSnapshot(
    collection: Collection,
    field: ModelField,
    keys: string[],
    trusted: boolean,
  ): void {
    if (
      this.o.mode === 'rule' ||
      trusted ||
      collection.name !== 'user_activities' ||
      (field.name !== 'before' && field.name !== 'after')
    )
      return;
    const auth = this.o.request.auth;
    const guarded = this.o.registry.all.flatMap((c) =>
      c.fields
        .filter((f) => f.permission && !auth?.permissions.has(f.permission))
        .map((f) => f.name),
    );
    if (guarded.length > 0 && (keys.length === 0 || guarded.includes(keys[0])))
      throw new FilterResolveError(`non-filterable field ${field.name}`);
  }

  /**
   * An audit entry's values (its snapshots, the record's title, the comment) are compared only
   * where the reader may see them (`auditValuesShown`): otherwise a filter such as
   * `before.amount > 1000` would tell what the entry hides.
   */
  private auditValuesGuard(
    collection: Collection,
    field: ModelField,
    alias: string,
    trusted: boolean,
  ): string | null {
    if (
      this.o.mode === 'rule' ||
      trusted ||
      collection.name !== 'user_activities' ||
      !AUDIT_VALUE_FIELDS.has(field.name)
    )
      return null;
    const memo = this.auditGuards.get(alias);
    if (memo !== undefined) return memo;
    const guard = auditValuesShown({
      registry: this.o.registry,
      request: this.o.request,
      alias,
      params: this.o.params,
    });
    this.auditGuards.set(alias, guard);
    return guard;
  }

  /** A client filter may only reach records of collections the account may list. */
  private joinGuard(target: Collection, alias: string, link: string, trusted: boolean): string {
    if (this.o.mode === 'rule' || trusted) return link;
    const decision = decideAccess(target, 'list', this.o.request);
    if (decision.kind === 'all') return link;
    if (decision.kind === 'deny')
      throw new FilterResolveError(`cannot filter through ${target.name}`);
    const rule = compileFilter(decision.rule, {
      ...this.o,
      collection: target,
      alias,
      mode: 'rule',
    });
    return `${link} AND ${rule}`;
  }
}

type BaseSign = '=' | '!=' | '>' | '>=' | '<' | '<=' | '~' | '!~';

/** The fields of an audit entry that hold the audited record's values. */
export const AUDIT_VALUE_FIELDS: ReadonlySet<string> = new Set([
  'before',
  'after',
  'record_title',
  'comment',
]);

/**
 * SQL saying whether the reader may see the values of the audit entry at `alias` (its
 * `collection` and `record` columns): entries of no collection (sign-ins, backups) always;
 * otherwise only when the reader may list or view that collection, all of it or, through an
 * own-record or guest rule, that very record as it stands now (as `viewableRows` decides for the
 * monitor's names). A collection this version does not have (imported history) only when every
 * collection is open to the reader. Null when every entry's values are open to the reader.
 */
export function auditValuesShown(options: {
  registry: CollectionRegistry;
  request: RequestInfo;
  alias: string;
  params: SqlParams;
}): string | null {
  const { registry, request, alias, params } = options;
  const open: string[] = [];
  const byRecord: string[] = [];
  let closed = false;
  let counter = 0;
  for (const collection of registry.all) {
    const decisions = (['list', 'view'] as const).map((a) => decideAccess(collection, a, request));
    if (decisions.some((d) => d.kind === 'all')) {
      open.push(collection.name);
      continue;
    }
    closed = true;
    const rules = [...new Set(decisions.flatMap((d) => (d.kind === 'rule' ? [d.rule] : [])))];
    if (rules.length === 0) continue;
    counter += 1;
    const r = `av${counter}_${alias.replace(/[^a-z0-9_]/gi, '')}`;
    const conditions = rules.map((rule) =>
      compileFilter(rule, { registry, collection, alias: r, request, mode: 'rule', params }),
    );
    byRecord.push(
      `(${alias}."collection" = ${params.add(collection.name, 'text')} AND EXISTS (SELECT 1 FROM ${q(collection.table)} ${r} WHERE ${r}."id" = ${alias}."record" AND (${conditions.join(' OR ')})))`,
    );
  }
  if (!closed) return null;
  return `(${[`${alias}."collection" = ''`, `${alias}."collection" = ANY(${params.add(open, 'text[]')})`, ...byRecord].join(' OR ')})`;
}

function splitModifier(name: string): { segments: string[]; modifier: string | undefined } {
  const segments = name.split('.');
  const last = segments[segments.length - 1];
  const colon = last.indexOf(':');
  // `@collection.posts:alias.title` keeps its alias colon in the first segment.
  if (colon === -1) return { segments, modifier: undefined };
  segments[segments.length - 1] = last.slice(0, colon);
  return { segments, modifier: last.slice(colon + 1) };
}

function numberToText(n: number): string {
  return Number.isInteger(n) ? String(n) : String(n);
}

/** A stored date (or its leading part): year, month, day, hour, minute, second, fraction. */
const DATE_TEXT =
  '^(?!0000)(\\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])(?:[ T]([01]\\d|2[0-3]):([0-5]\\d)(?::([0-5]\\d)(?:\\.(\\d{1,9}))?)?)?';
/** Text that PostgreSQL turns into a finite float8 without an error. */
const NUMBER_TEXT = '^\\s*[-+]?(\\d{1,200}(\\.\\d{0,200})?|\\.\\d{1,200})([eE][-+]?\\d{1,2})?\\s*$';

/** Maps the SQLite strftime directives PocketBase supports onto PostgreSQL's to_char. */
function strftimeToPostgres(format: string): string {
  const map: Record<string, string> = {
    '%Y': 'YYYY',
    '%m': 'MM',
    '%d': 'DD',
    '%H': 'HH24',
    '%M': 'MI',
    '%S': 'SS',
    '%j': 'DDD',
    '%W': 'IW',
    '%f': 'SS.MS',
    '%%': '%',
    '%w': 'D',
  };
  let out = '';
  for (let i = 0; i < format.length; i++) {
    const pair = format.slice(i, i + 2);
    if (map[pair]) {
      out += map[pair];
      i++;
    } else if (/[A-Za-z]/.test(format[i])) {
      // Letters outside directives are literal text in to_char.
      out += `"${format[i]}"`;
    } else out += format[i];
  }
  return out;
}
