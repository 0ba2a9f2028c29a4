import type { Permission } from '@app/schema';
import type { Collection } from '../core/collection-model';
import type { Engine } from '../core/engine';
import { ApiError } from '../core/errors';
import { prepareWrite } from '../core/record-write';
import { createRecord } from '../core/records';
import type { RequestInfo } from '../core/request-info';
import { inOneTransaction } from '../core/unit-of-work';
import { CsvSyntaxError, parseCsv } from '../tools/csv/parse-csv';

export const MAX_IMPORT_ROWS = 2000;

export type Importable = 'members' | 'volunteers';

/** Column headers people use for anyone, mapped to fields (compared lower-cased, spaces and dashes as `_`). */
const PERSON_HEADERS: Record<string, string> = {
  name: 'name',
  full_name: 'name',
  email: 'email',
  e_mail: 'email',
  sex: 'sex',
  gender: 'sex',
  birth_date: 'birth_date',
  date_of_birth: 'birth_date',
  address: 'address',
  phone: 'phone_numbers',
  phones: 'phone_numbers',
  phone_numbers: 'phone_numbers',
  joining_date: 'starting_date',
  joined: 'starting_date',
  starting_date: 'starting_date',
  notes: 'notes',
  note: 'notes',
};

const HEADERS: Record<Importable, Record<string, string>> = {
  members: {
    ...PERSON_HEADERS,
    status: 'membership_status',
    membership_status: 'membership_status',
    membership_type: 'membership_type',
    type: 'membership_type',
  },
  volunteers: {
    ...PERSON_HEADERS,
    status: 'status',
    skills: 'skills',
    availability: 'availability',
  },
};

/** The permission each import needs: the same as creating one such person. */
export const IMPORT_PERMISSION: Record<Importable, Permission> = {
  members: 'members.create',
  volunteers: 'volunteers.create',
};

export type ImportRow = {
  line: number;
  values: Record<string, unknown>;
  errors: Record<string, string>;
};
export type ImportReport = {
  columns: Array<{ header: string; field: string | null }>;
  rows: ImportRow[];
  total: number;
  valid: number;
  invalid: number;
  imported: number;
};

const split = (cell: string) =>
  cell
    .split(/[;|]/)
    .map((v) => v.trim())
    .filter(Boolean);

/** Dates as `YYYY-MM-DD` or the organisation's `DD/MM/YYYY`. */
function dateCell(cell: string): string {
  const dmy = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(cell.trim());
  return dmy ? `${dmy[3]}-${dmy[2].padStart(2, '0')}-${dmy[1].padStart(2, '0')}` : cell.trim();
}

/** Finds option ids by title, case-insensitively; unknown titles are reported on the row. */
async function titlesToIds(
  engine: Engine,
  table: string,
  titles: string[],
): Promise<{ ids: string[]; unknown: string[] }> {
  if (titles.length === 0) return { ids: [], unknown: [] };
  const { rows } = await engine.db.query<{ id: string; title: string }>(
    `SELECT "id", "title" FROM "${table}" WHERE lower("title") = ANY($1::text[])`,
    [titles.map((t) => t.toLowerCase())],
  );
  const byTitle = new Map(rows.map((r) => [r.title.toLowerCase(), r.id]));
  return {
    ids: titles.map((t) => byTitle.get(t.toLowerCase())).filter((x): x is string => !!x),
    unknown: titles.filter((t) => !byTitle.has(t.toLowerCase())),
  };
}

async function rowToData(
  engine: Engine,
  kind: Importable,
  fields: Array<string | null>,
  cells: string[],
  errors: Record<string, string>,
): Promise<Record<string, unknown>> {
  const data: Record<string, unknown> = {};
  for (let i = 0; i < fields.length; i++) {
    const field = fields[i];
    const cell = (cells[i] ?? '').trim();
    if (!field || cell === '') continue;
    switch (field) {
      case 'phone_numbers':
        data[field] = split(cell);
        break;
      case 'availability':
        data[field] = split(cell);
        break;
      case 'birth_date':
      case 'starting_date':
        data[field] = dateCell(cell);
        break;
      case 'sex':
        data[field] = /^f/i.test(cell) ? 'Female' : /^m/i.test(cell) ? 'Male' : cell;
        break;
      case 'membership_status':
      case 'status':
        data[field] = cell.charAt(0).toUpperCase() + cell.slice(1).toLowerCase();
        break;
      case 'membership_type': {
        const { ids, unknown } = await titlesToIds(engine, 'membership_types', [cell]);
        if (unknown.length) errors[field] = `No membership type is called "${cell}".`;
        else data[field] = ids[0];
        break;
      }
      case 'skills': {
        const { ids, unknown } = await titlesToIds(engine, 'volunteer_skills', split(cell));
        if (unknown.length) errors[field] = `Unknown skills: ${unknown.join(', ')}.`;
        else data[field] = ids;
        break;
      }
      default:
        data[field] = cell;
    }
  }
  // New people are active unless the file says otherwise.
  const statusField = kind === 'members' ? 'membership_status' : 'status';
  if (!(statusField in data) && !errors[statusField]) data[statusField] = 'Active';
  return data;
}

/** Checks every row without writing anything. */
async function checkRows(
  engine: Engine,
  kind: Importable,
  collection: Collection,
  csv: string,
  request: RequestInfo,
): Promise<{ report: ImportReport; data: Array<Record<string, unknown>> }> {
  let table: string[][];
  try {
    table = parseCsv(csv, MAX_IMPORT_ROWS + 1);
  } catch (err) {
    const message =
      err instanceof CsvSyntaxError
        ? `The file is not valid CSV: ${err.message}.`
        : 'The file is not valid CSV.';
    throw new ApiError(400, 'Failed to read the file.', {
      csv: { code: 'validation_invalid_csv', message },
    });
  }
  if (table.length < 2) {
    throw new ApiError(400, 'Failed to read the file.', {
      csv: {
        code: 'validation_empty_csv',
        message: 'The file needs a header row and at least one person.',
      },
    });
  }
  const [header, ...body] = table;
  const fields = header.map(
    (h) =>
      HEADERS[kind][
        h
          .trim()
          .toLowerCase()
          .replace(/[\s-]+/g, '_')
      ] ?? null,
  );
  if (!fields.includes('name')) {
    throw new ApiError(400, 'Failed to read the file.', {
      csv: { code: 'validation_missing_column', message: 'The file needs a "Name" column.' },
    });
  }
  const rows: ImportRow[] = [];
  const data: Array<Record<string, unknown>> = [];
  for (let i = 0; i < body.length; i++) {
    const errors: Record<string, string> = {};
    const values = await rowToData(engine, kind, fields, body[i], errors);
    try {
      await prepareWrite(engine, collection, null, { data: values, files: {} }, request);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      for (const [field, e] of Object.entries(err.data)) {
        errors[field] ??=
          typeof e === 'object' && e && 'message' in e ? String(e.message) : 'Invalid value.';
      }
    }
    // Line numbers as people see them in a spreadsheet (the header is line 1).
    rows.push({ line: i + 2, values, errors });
    data.push(values);
  }
  const invalid = rows.filter((r) => Object.keys(r.errors).length > 0).length;
  return {
    report: {
      columns: header.map((h, i) => ({ header: h, field: fields[i] })),
      rows,
      total: rows.length,
      valid: rows.length - invalid,
      invalid,
      imported: 0,
    },
    data,
  };
}

export function isImportable(name: string): name is Importable {
  return name === 'members' || name === 'volunteers';
}

/**
 * Checks a CSV of people and, unless `dryRun`, creates every row in one transaction — all or
 * nothing. The report lists each row's errors; with errors nothing is written.
 */
export async function importPeople(
  engine: Engine,
  kind: Importable,
  csv: string,
  dryRun: boolean,
  request: RequestInfo,
  ip: string,
): Promise<ImportReport> {
  const collection = engine.registry.get(kind)!;
  const { report, data } = await checkRows(engine, kind, collection, csv, request);
  if (dryRun) return report;
  if (report.invalid > 0) {
    throw new ApiError(
      400,
      `Nothing was imported: ${report.invalid} ${report.invalid === 1 ? 'row has' : 'rows have'} errors.`,
    );
  }
  await inOneTransaction(engine, async (txEngine) => {
    for (const values of data)
      await createRecord(txEngine, collection, { data: values, files: {} }, request, ip);
  });
  return { ...report, imported: data.length };
}
