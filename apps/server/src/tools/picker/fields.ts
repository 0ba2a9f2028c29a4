/**
 * The `fields` query parameter: `id,title,expand.author.name,description:excerpt(200,true),*`.
 * parseFields() turns it into a tree once per request and pickFields() applies
 * it to JSON-like response bodies.
 */

import { excerpt } from './excerpt';

export class FieldsSyntaxError extends Error {
  override name = 'FieldsSyntaxError';
}

/** `:excerpt(max, withEllipsis?)`, the only modifier PocketBase knows. */
export type ExcerptModifier = { name: 'excerpt'; max: number; withEllipsis: boolean };

/** What was requested at one level of the picked value. */
export type FieldsSpec = {
  /** Set when `*` was requested here: keys not listed in `keys` are kept, with this modifier. */
  wildcard: { modifier: ExcerptModifier | null } | null;
  /** Keys requested explicitly at this level. */
  keys: Map<string, FieldsNode>;
};

/** One explicitly requested key. */
export type FieldsNode = {
  /** A path ended at this key, so its whole value is kept (this wins over `nested`). */
  whole: boolean;
  /** Modifier of the path that ended here (the last one given wins). */
  modifier: ExcerptModifier | null;
  /** Deeper paths requested under this key, e.g. `author.name` under `expand`. */
  nested: FieldsSpec | null;
};

const TRUE_VALUES: ReadonlySet<string> = new Set(['1', 't', 'T', 'TRUE', 'true', 'True']);
const FALSE_VALUES: ReadonlySet<string> = new Set(['0', 'f', 'F', 'FALSE', 'false', 'False']);

const MODIFIER_RE = /^([A-Za-z_]\w*)\s*(?:\(([^()]*)\))?$/;

function emptySpec(): FieldsSpec {
  return { wildcard: null, keys: new Map() };
}

/** Splits on commas that are not inside parentheses. */
function splitTopLevel(input: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < input.length; i++) {
    const ch = input[i];
    if (ch === '(') {
      depth++;
    } else if (ch === ')') {
      depth--;
      if (depth < 0) throw new FieldsSyntaxError('invalid fields: unbalanced parentheses');
    } else if (ch === ',' && depth === 0) {
      parts.push(input.slice(start, i));
      start = i + 1;
    }
  }
  if (depth !== 0) throw new FieldsSyntaxError('invalid fields: unbalanced parentheses');
  parts.push(input.slice(start));
  return parts;
}

function parseModifier(raw: string): ExcerptModifier {
  const match = MODIFIER_RE.exec(raw.trim());
  if (!match) throw new FieldsSyntaxError(`invalid fields modifier ${JSON.stringify(raw)}`);
  const [, name, rawArgs] = match;
  if (name !== 'excerpt') {
    throw new FieldsSyntaxError(`unknown fields modifier ${JSON.stringify(name)}`);
  }

  const args =
    rawArgs === undefined || rawArgs.trim() === '' ? [] : rawArgs.split(',').map((a) => a.trim());
  if (args.length === 0) {
    throw new FieldsSyntaxError(
      'excerpt: max argument is required - expected (max, withEllipsis?)',
    );
  }
  if (args.length > 2) {
    throw new FieldsSyntaxError('excerpt: too many arguments - expected (max, withEllipsis?)');
  }

  const max = /^\d+$/.test(args[0]) ? Number(args[0]) : 0;
  if (!(max > 0)) throw new FieldsSyntaxError('excerpt: max argument must be an integer > 0');

  let withEllipsis = false;
  if (args.length === 2) {
    if (TRUE_VALUES.has(args[1])) withEllipsis = true;
    else if (!FALSE_VALUES.has(args[1])) {
      throw new FieldsSyntaxError(
        `excerpt: invalid withEllipsis argument ${JSON.stringify(args[1])}`,
      );
    }
  }
  return { name: 'excerpt', max, withEllipsis };
}

function addPath(root: FieldsSpec, path: string[], modifier: ExcerptModifier | null): void {
  let level = root;
  for (let i = 0; i < path.length; i++) {
    const key = path[i];
    const last = i === path.length - 1;
    // `*` is only a wildcard as the final segment, like in PocketBase.
    if (last && key === '*') {
      level.wildcard = { modifier };
      return;
    }
    let node = level.keys.get(key);
    if (!node) {
      node = { whole: false, modifier: null, nested: null };
      level.keys.set(key, node);
    }
    if (last) {
      node.whole = true;
      node.modifier = modifier;
    } else {
      node.nested ??= emptySpec();
      level = node.nested;
    }
  }
}

/**
 * Parses `id,title,expand.author.name,description:excerpt(200,true),*` —
 * commas inside parentheses do not split; dot paths; `*` = all keys at that
 * level; modifier `:excerpt(max, withEllipsis?)` with max integer > 0 and at
 * most 2 args (withEllipsis must be a Go-style bool: 1,t,T,TRUE,true,True or
 * 0,f,F,FALSE,false,False); any other modifier or bad args throws
 * FieldsSyntaxError. Returns null for an empty string (or one with only
 * commas and spaces).
 */
export function parseFields(input: string): FieldsSpec | null {
  if (typeof input !== 'string') throw new FieldsSyntaxError('invalid fields: not a string');
  const root = emptySpec();
  let any = false;
  for (const part of splitTopLevel(input)) {
    const field = part.trim();
    if (field === '') continue;
    const colon = field.indexOf(':');
    const modifier = colon < 0 ? null : parseModifier(field.slice(colon + 1));
    const rawPath = colon < 0 ? field : field.slice(0, colon);
    // Empty segments (`a..b`, `.a`) are ignored rather than matched against "" keys.
    const path = rawPath
      .split('.')
      .map((s) => s.trim())
      .filter((s) => s !== '');
    if (path.length === 0) continue;
    addPath(root, path, modifier);
    any = true;
  }
  return any ? root : null;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Assigns an own property even for keys such as `__proto__`. */
function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

function applyModifier(value: unknown, modifier: ExcerptModifier | null): unknown {
  if (modifier === null || typeof value !== 'string') return value;
  return excerpt(value, modifier.max, modifier.withEllipsis);
}

function pickObject(value: Record<string, unknown>, spec: FieldsSpec): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  // Iterating the value (not the spec) keeps the original key order.
  for (const key of Object.keys(value)) {
    const node = spec.keys.get(key);
    if (node) {
      if (node.whole || node.nested === null)
        setOwn(out, key, applyModifier(value[key], node.modifier));
      else setOwn(out, key, pickFields(value[key], node.nested));
    } else if (spec.wildcard) {
      setOwn(out, key, applyModifier(value[key], spec.wildcard.modifier));
    }
  }
  return out;
}

/**
 * Returns a new value with only the picked keys. For arrays, applies to each
 * element. Applies :excerpt to string values only (non-strings untouched).
 * Values that are neither plain objects nor arrays (including scalars reached
 * by a deeper path such as `title.x`) are returned as they are, like PocketBase.
 */
export function pickFields(value: unknown, spec: FieldsSpec): unknown {
  if (Array.isArray(value)) return value.map((item) => pickFields(item, spec));
  if (isPlainObject(value)) return pickObject(value, spec);
  return value;
}

/**
 * For list envelopes `{items, page, perPage, totalItems, totalPages}`: keeps
 * the envelope keys and picks inside each item.
 */
export function pickListFields(
  envelope: { items: unknown[] } & Record<string, unknown>,
  spec: FieldsSpec,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(envelope)) {
    const value = envelope[key];
    setOwn(
      out,
      key,
      key === 'items' && Array.isArray(value) ? value.map((item) => pickFields(item, spec)) : value,
    );
  }
  return out;
}
