import { isMultiple, type ModelField } from './collection-model';

/** One field's validation failure, in the API's shape. */
export type FieldError = { code: string; message: string; params?: Record<string, unknown> };

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** PocketBase's datetime layout: `YYYY-MM-DD HH:MM:SS.sssZ` in UTC. */
export function formatDate(d: Date): string {
  return (
    `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ` +
    `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}.${pad(d.getUTCMilliseconds(), 3)}Z`
  );
}

/** Parses a submitted date (that layout, RFC 3339, a plain date); '' for empty, null if invalid. */
export function parseDateInput(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : formatDate(value);
  if (typeof value !== 'string') return null;
  const text = value.trim();
  const m =
    /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/.exec(
      text,
    );
  if (!m) return null;
  const [, y, mo, d, h = '00', mi = '00', s = '00', frac = '0', zone] = m;
  const ms = Number(frac.padEnd(3, '0').slice(0, 3));
  let time = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), ms);
  const check = new Date(time);
  if (
    check.getUTCMonth() !== Number(mo) - 1 ||
    check.getUTCDate() !== Number(d) ||
    Number(h) > 23 ||
    Number(mi) > 59 ||
    Number(s) > 59
  ) {
    return null;
  }
  if (zone && zone !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    time -= sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2))) * 60_000;
  }
  return formatDate(new Date(time));
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Characters no stored text may hold: NUL (PostgreSQL's text and jsonb refuse it) and a lone
 * UTF-16 surrogate, which is not Unicode at all (jsonb refuses it; text would silently store
 * U+FFFD instead). Input containing either is invalid, wherever it arrives.
 */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this must find.
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether `text` can be stored and compared as it is (see UNSTORABLE). */
export function isStorableText(text: string): boolean {
  return !UNSTORABLE.test(text);
}

/** Whether any string or object key inside a JSON-like value is not storable text. */
export function hasUnstorableText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return !isStorableText(value);
  // JSON bodies are trees; the depth cap only guards against pathological nesting.
  if (value === null || typeof value !== 'object' || depth > 512) return false;
  if (Array.isArray(value)) return value.some((item) => hasUnstorableText(item, depth + 1));
  return Object.entries(value).some(
    ([key, item]) => !isStorableText(key) || hasUnstorableText(item, depth + 1),
  );
}

const INVALID_TEXT: FieldError = {
  code: 'validation_invalid_value',
  message: 'Must not contain NUL characters or unpaired UTF-16 surrogates.',
};

/** The field error for input that is not storable text (shared by every endpoint reading text). */
export function invalidTextError(): FieldError {
  return { ...INVALID_TEXT };
}

/** Reads a list from an array, a single value or a JSON-array string (as multipart sends it). */
export function toList(value: unknown): unknown[] {
  if (value === null || value === undefined || value === '') return [];
  if (Array.isArray(value)) return value;
  if (typeof value === 'string' && value.trim().startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(value);
      if (Array.isArray(parsed)) return parsed;
    } catch {
      // Not JSON: a plain single value.
    }
  }
  return [value];
}

const runes = (s: string) => [...s].length;

/**
 * Converts one submitted value to its stored form and checks the field's constraints.
 * Relations are checked for existence elsewhere (it needs the database); files too.
 */
export function normalizeValue(
  field: ModelField,
  raw: unknown,
): { value: unknown } | { error: FieldError } {
  const blank = (): { error: FieldError } => ({
    error: { code: 'validation_required', message: 'Cannot be blank.' },
  });
  switch (field.type) {
    case 'text':
    case 'editor':
    case 'email':
    case 'url': {
      if (
        raw !== null &&
        raw !== undefined &&
        typeof raw !== 'string' &&
        typeof raw !== 'number' &&
        typeof raw !== 'boolean'
      ) {
        return { error: { code: 'validation_invalid_value', message: 'Invalid value.' } };
      }
      const value = raw === null || raw === undefined ? '' : String(raw);
      if (!isStorableText(value)) return { error: invalidTextError() };
      if (value === '') return field.required ? blank() : { value };
      if (field.type === 'text' && field.min && runes(value) < field.min) {
        return {
          error: {
            code: 'validation_min_text_constraint',
            message: `Must be at least ${field.min} character(s).`,
            params: { min: field.min },
          },
        };
      }
      const max =
        field.type === 'text' || field.type === 'editor'
          ? field.max || (field.type === 'text' ? 5000 : 0)
          : 255;
      if (max && runes(value) > max) {
        return {
          error: {
            code: 'validation_max_text_constraint',
            message: `Must be no more than ${max} character(s).`,
            params: { max },
          },
        };
      }
      if (field.type === 'text' && field.pattern && !new RegExp(field.pattern).test(value)) {
        return { error: { code: 'validation_invalid_format', message: 'Invalid value format.' } };
      }
      if (field.type === 'email' && !EMAIL.test(value))
        return {
          error: { code: 'validation_is_email', message: 'Must be a valid email address.' },
        };
      if (field.type === 'url') {
        try {
          const u = new URL(value);
          if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error('scheme');
        } catch {
          return { error: { code: 'validation_invalid_url', message: 'Must be a valid url.' } };
        }
      }
      return { value };
    }
    case 'number': {
      let n: number;
      if (raw === null || raw === undefined || raw === '') n = 0;
      else if (typeof raw === 'number') n = raw;
      else if (typeof raw === 'string' && /^\s*-?(\d+\.?\d*|\.\d+)\s*$/.test(raw)) n = Number(raw);
      else if (typeof raw === 'boolean') n = raw ? 1 : 0;
      else
        return {
          error: {
            code: 'validation_not_a_number',
            message: 'The submitted number is not properly formatted.',
          },
        };
      if (!Number.isFinite(n))
        return {
          error: {
            code: 'validation_not_a_number',
            message: 'The submitted number is not properly formatted.',
          },
        };
      if (n === 0 && field.required) return blank();
      if (field.onlyInt && !Number.isInteger(n))
        return {
          error: {
            code: 'validation_only_int_constraint',
            message: 'Decimal numbers are not allowed.',
          },
        };
      if (field.money) {
        // numeric(16,2) holds 14 digits before the point.
        if (Math.abs(n) >= 1e14)
          return {
            error: {
              code: 'validation_max_number_constraint',
              message: 'Must be less than 100000000000000.',
              params: { max: 1e14 },
            },
          };
        if (Math.round(n * 100) / 100 !== n && Math.abs(Math.round(n * 100) - n * 100) > 1e-6) {
          return {
            error: {
              code: 'validation_money_precision',
              message: 'Must have no more than 2 decimal places.',
            },
          };
        }
        n = Math.round(n * 100) / 100;
      }
      if (field.min !== undefined && n < field.min)
        return {
          error: {
            code: 'validation_min_number_constraint',
            message: `Must be greater or equal than ${field.min}.`,
            params: { min: field.min },
          },
        };
      if (field.max !== undefined && n > field.max)
        return {
          error: {
            code: 'validation_max_number_constraint',
            message: `Must be less or equal than ${field.max}.`,
            params: { max: field.max },
          },
        };
      return { value: n };
    }
    case 'bool': {
      if (raw === null || raw === undefined || raw === '')
        return field.required ? blank() : { value: false };
      if (raw === true || raw === 'true' || raw === 1 || raw === '1') return { value: true };
      if (raw === false || raw === 'false' || raw === 0 || raw === '0') return { value: false };
      return { error: { code: 'validation_invalid_value', message: 'Invalid value.' } };
    }
    case 'date': {
      const value = parseDateInput(raw);
      if (value === null)
        return { error: { code: 'validation_invalid_date', message: 'Must be a valid date.' } };
      if (value === '' && field.required) return blank();
      return { value };
    }
    case 'autodate':
      return { value: '' };
    case 'select': {
      const list = [
        ...new Set(toList(raw).map((v) => (typeof v === 'string' ? v : JSON.stringify(v)))),
      ].filter((v) => v !== '');
      if (list.length === 0)
        return field.required ? blank() : { value: isMultiple(field) ? [] : '' };
      const bad = list.find((v) => !field.values.includes(v));
      if (bad !== undefined)
        return {
          error: {
            code: 'validation_invalid_value',
            message: `Invalid value ${bad}.`,
            params: { value: bad },
          },
        };
      if (!isMultiple(field)) return { value: list[list.length - 1] };
      const maxSelect = field.maxSelect ?? 1;
      if (list.length > maxSelect)
        return {
          error: {
            code: 'validation_too_many_values',
            message: `Select no more than ${maxSelect}.`,
            params: { maxSelect },
          },
        };
      return { value: list };
    }
    case 'relation': {
      const list = [...new Set(toList(raw).map((v) => String(v)))].filter((v) => v !== '');
      if (list.some((id) => !/^[a-z0-9]{1,30}$/.test(id))) {
        return {
          error: {
            code: 'validation_missing_rel_records',
            message: 'Failed to find all relation records with the provided ids.',
          },
        };
      }
      if (list.length === 0)
        return field.required ? blank() : { value: isMultiple(field) ? [] : '' };
      if (!isMultiple(field)) return { value: list[list.length - 1] };
      const maxSelect = field.maxSelect ?? 1;
      if (list.length > maxSelect)
        return {
          error: {
            code: 'validation_too_many_values',
            message: `Select no more than ${maxSelect}.`,
            params: { maxSelect },
          },
        };
      if (field.minSelect && list.length < field.minSelect) {
        return {
          error: {
            code: 'validation_not_enough_values',
            message: `Select at least ${field.minSelect}.`,
            params: { minSelect: field.minSelect },
          },
        };
      }
      return { value: list };
    }
    case 'json': {
      let value: unknown = raw === undefined ? null : raw;
      if (typeof value === 'string') {
        // Multipart sends JSON as text; a string that is not JSON is kept as a JSON string.
        try {
          value = JSON.parse(value);
        } catch {
          // keep as string
        }
      }
      // PostgreSQL's jsonb cannot hold NUL characters nor unpaired surrogates.
      if (hasUnstorableText(value))
        return {
          error: {
            code: 'validation_invalid_json',
            message: 'Must be a valid json value without NUL characters or unpaired surrogates.',
          },
        };
      const size = JSON.stringify(value ?? null).length;
      if (field.maxSize && size > field.maxSize) {
        return {
          error: {
            code: 'validation_json_size_limit',
            message: `The maximum allowed JSON size is ${field.maxSize} bytes.`,
            params: { maxSize: field.maxSize },
          },
        };
      }
      if (
        field.required &&
        (value === null || value === '' || (Array.isArray(value) && value.length === 0))
      )
        return blank();
      return { value };
    }
    case 'file':
      return { value: raw };
  }
}

/** Converts a stored column value to its JSON form. */
export function exportValue(field: ModelField, stored: unknown): unknown {
  if (isMultiple(field)) return Array.isArray(stored) ? stored : [];
  switch (field.type) {
    case 'number':
      return stored === null || stored === undefined ? 0 : Number(stored);
    case 'bool':
      return stored === true;
    case 'json':
      return stored === undefined ? null : stored;
    default:
      return stored === null || stored === undefined ? '' : String(stored);
  }
}
