import type { Queryable } from '../db/database';
import { isMultiple, q, type CollectionRegistry } from '../core/collection-model';
import { badRequest } from '../core/errors';
import type { HookRegistry, RecordWrites } from '../core/hooks';
import type { Row } from '../core/record-export';
import { refuse } from '../core/refusals';
import { actingAsSystem, replayingImport, type RequestInfo } from '../core/request-info';
import { notify } from './notifications';

/** The employment status an employee must hold to sit on a committee or join a project's staff. */
const ACTIVE = 'Active';

/** Refuses a record whose end date falls before its start date (both stored as sortable text). */
function checkDates(record: Row, message: string): void {
  const start = String(record.starting_date ?? '');
  const end = String(record.end_date ?? '');
  if (start && end && end < start)
    throw badRequest(message, {
      end_date: { code: 'validation_end_before_start', message: 'Cannot end before it starts.' },
    });
}

/**
 * Refuses unless the employee exists and is active. The row is locked (FOR SHARE) so a status
 * change racing this write waits for it, and the check holds when the transaction commits.
 */
async function requireActiveEmployee(
  tx: Queryable,
  id: unknown,
  field: string,
  message: string,
): Promise<void> {
  const { rows } = await tx.query<{ employment_status: string }>(
    `SELECT "employment_status" FROM "employees" WHERE "id" = $1 FOR SHARE`,
    [String(id ?? '')],
  );
  if (rows[0]?.employment_status !== ACTIVE)
    throw badRequest(message, {
      [field]: { code: 'validation_not_active', message: 'Only active employees can be chosen.' },
    });
}

/**
 * Counts, per collection, the records whose restricting relation points at this project.
 * Read from the declarations, so a collection added later (finance records) is covered as soon as
 * it declares `restrictDelete` on a relation to projects.
 */
export async function projectDependants(
  tx: Queryable,
  registry: CollectionRegistry,
  projectId: string,
): Promise<{ collection: string; label: string; count: number }[]> {
  const found: { collection: string; label: string; count: number }[] = [];
  for (const other of registry.all) {
    for (const field of other.def.fields) {
      if (field.type !== 'relation' || field.collection !== 'projects' || !field.restrictDelete)
        continue;
      const cond = isMultiple(field) ? `${q(field.name)} ? $1` : `${q(field.name)} = $1`;
      const { rows } = await tx.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${q(other.table)} WHERE ${cond}`,
        [projectId],
      );
      const n = Number(rows[0]?.n ?? 0);
      if (n > 0) found.push({ collection: other.name, label: other.def.label, count: n });
    }
  }
  return found;
}

/** The author of a post: the signed-in employee (other accounts post without one). */
function authorOf(request: RequestInfo): string {
  return request.auth?.collection.name === 'employees' ? String(request.auth.record.id) : '';
}

/**
 * Writes a post in the server's name (no creator) on a project's timeline, through the engine in
 * the caller's transaction, e.g. "Status changed".
 */
async function writeSystemPost(
  records: RecordWrites,
  projectId: string,
  title: string,
  post: string,
): Promise<void> {
  await records.create('projects_timelines', { project: projectId, title, post });
}

/** Escapes text put into a server-written HTML post. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Timeline rules shared by projects and activities; `owner` is the field naming the parent. */
function timelineHooks(hooks: HookRegistry, collection: string, owner: string): void {
  hooks.on(collection, {
    computed: {
      // The server's own posts (a status change) have no author.
      creator: {
        on: ['create'],
        value: ({ request }) => (actingAsSystem(request) ? '' : authorOf(request)),
      },
    },
    beforeCreate: async ({ tx, row }) => {
      const replyTo = String(row.reply_to ?? '');
      if (!replyTo) {
        if (!String(row.title ?? '').trim())
          throw badRequest('Failed to create record.', {
            title: { code: 'validation_required', message: 'Cannot be blank.' },
          });
        return;
      }
      // A reply answers a post of the same project (or activity), one level deep like the screens.
      const { rows } = await tx.query<Row>(
        `SELECT ${q(owner)} AS owner, "reply_to" FROM ${q(collection)} WHERE "id" = $1 FOR SHARE`,
        [replyTo],
      );
      const parent = rows[0];
      if (!parent || parent.owner !== row[owner] || parent.reply_to)
        throw badRequest('Failed to create record.', {
          reply_to: {
            code: 'validation_invalid_reply',
            message: 'A reply must answer a post of the same timeline.',
          },
        });
    },
    beforeUpdate: async ({ changes, previous }) => {
      // A post stays where it was written; only its subject and text change.
      for (const field of [owner, 'reply_to'])
        if (changes[field] !== undefined && changes[field] !== previous[field])
          throw badRequest('Failed to update record.', {
            [field]: { code: 'validation_not_editable', message: 'Cannot be changed.' },
          });
      if (!previous.reply_to && changes.title !== undefined && !String(changes.title).trim())
        throw badRequest('Failed to update record.', {
          title: { code: 'validation_required', message: 'Cannot be blank.' },
        });
    },
  });
}

/**
 * Staff rules shared by projects and activities: the person the type names, active if an
 * employee. A type left out is the one of employee / member that is set. The import keeps an old
 * seat of an employee who is not active today (on leave, resigned): it existed, and the history
 * made in it stays; the person acts again once active.
 */
function staffHooks(hooks: HookRegistry, collection: string): void {
  const check = async (
    tx: Queryable,
    changes: Row,
    previous: Row | null,
    message: string,
    request: RequestInfo,
  ) => {
    const merged = { ...(previous ?? {}), ...changes };
    if (!merged.type) {
      const type =
        merged.employee && !merged.member
          ? 'employee'
          : merged.member && !merged.employee
            ? 'member'
            : '';
      if (!type)
        throw badRequest(message, {
          type: { code: 'validation_required', message: 'Cannot be blank.' },
        });
      changes.type = merged.type = type;
    }
    if (merged.type === 'employee') {
      // Only the field the type names is kept.
      changes.member = '';
      if (!merged.employee)
        throw badRequest(message, {
          employee: { code: 'validation_required', message: 'Cannot be blank.' },
        });
      if (
        (changes.employee !== undefined || changes.type !== undefined) &&
        !replayingImport(request)
      )
        await requireActiveEmployee(tx, merged.employee, 'employee', message);
    } else {
      changes.employee = '';
      if (!merged.member)
        throw badRequest(message, {
          member: { code: 'validation_required', message: 'Cannot be blank.' },
        });
    }
  };
  hooks.on(collection, {
    beforeCreate: ({ tx, row, request }) =>
      check(tx, row, null, 'Failed to create record.', request),
    beforeUpdate: ({ tx, changes, previous, request }) =>
      check(tx, changes, previous, 'Failed to update record.', request),
  });
}

/**
 * Committee rules: members are active employees, checked in the write's transaction (the import
 * keeps an old seat of an employee who is not active today, as for staff); nobody changes their
 * own seat (a seat decides who approves the project's money); the project's manager is told of
 * every seat that comes, changes or goes.
 */
function committeeHooks(hooks: HookRegistry, collection: string): void {
  const committee =
    collection === 'project_financial_committees' ? 'financial committee' : 'purchases committee';
  const notOwnSeat = (request: RequestInfo, ...employees: unknown[]) => {
    if (replayingImport(request) || request.auth?.collection.name !== 'employees') return;
    if (employees.some((e) => String(e ?? '') === String(request.auth!.record.id)))
      throw refuse(403, 'committee.own_seat', { field: 'employee' });
  };
  const tellManager = async (
    tx: Queryable,
    seat: Row,
    what: 'added' | 'changed' | 'removed',
    request: RequestInfo,
    records: RecordWrites,
  ) => {
    if (replayingImport(request)) return;
    const { rows } = await tx.query<{ manager: string; title: string; name: string }>(
      `SELECT p."manager", p."title", COALESCE(e."name", '') AS name
         FROM "projects" p LEFT JOIN "employees" e ON e."id" = $2 WHERE p."id" = $1`,
      [seat.project, seat.employee],
    );
    const project = rows[0];
    if (!project?.manager) return;
    const flags = [
      seat.can_create ? 'may create' : '',
      seat.can_update_status ? 'may update the status' : '',
    ].filter(Boolean);
    await notify(
      tx,
      records,
      [project.manager],
      {
        title: `${committee.charAt(0).toUpperCase()}${committee.slice(1)} seat ${what}: ${project.name}`,
        body: `${project.title}${what === 'removed' ? '' : ` \u2014 ${flags.join(', ') || 'no rights'}`}`,
        link: `/projects/${String(seat.project)}`,
      },
      authorOf(request),
    );
  };
  hooks.on(collection, {
    beforeCreate: async ({ tx, row, request }) => {
      notOwnSeat(request, row.employee);
      if (!replayingImport(request))
        await requireActiveEmployee(tx, row.employee, 'employee', 'Failed to create record.');
    },
    afterCreate: ({ tx, record, request, records }) =>
      tellManager(tx, record, 'added', request, records),
    beforeUpdate: async ({ tx, changes, previous, request }) => {
      notOwnSeat(request, previous.employee, changes.employee);
      if (changes.employee !== undefined)
        await requireActiveEmployee(tx, changes.employee, 'employee', 'Failed to update record.');
    },
    afterUpdate: ({ tx, record, request, records }) =>
      tellManager(tx, record, 'changed', request, records),
    // A seat that goes with its project or its employee was not taken away by anyone.
    beforeDelete: async ({ record, request, cascade }) => {
      if (!cascade) notOwnSeat(request, record.employee);
    },
    afterDelete: async ({ tx, record, request, records, cascade }) => {
      if (!cascade) await tellManager(tx, record, 'removed', request, records);
    },
  });
}

export function registerProjectHooks(hooks: HookRegistry): void {
  hooks.on('projects', {
    name: 'projects/projects',
    computed: {
      code: {
        on: ['create'],
        value: async ({ tx }) => {
          const { rows } = await tx.query<{ n: string }>(
            `SELECT nextval('projects_code_seq')::text AS n`,
          );
          return `P-${rows[0].n.padStart(5, '0')}`;
        },
      },
    },
    beforeCreate: async ({ row }) => {
      if (!row.status) row.status = 'Planned';
      checkDates(row, 'Failed to create record.');
    },
    beforeUpdate: async ({ changes, previous }) => {
      checkDates({ ...previous, ...changes }, 'Failed to update record.');
    },
    afterUpdate: async ({ records, record, previous }) => {
      if (record.status !== previous.status && previous.status)
        await writeSystemPost(
          records,
          String(record.id),
          'Status changed',
          `<p>${escapeHtml(String(previous.status))} → ${escapeHtml(String(record.status))}</p>`,
        );
    },
    beforeDelete: async ({ tx, record }) => {
      // Every dependant collection at once, so the refusal says all that must go first.
      const found = await projectDependants(tx, hooks.registry, String(record.id));
      if (found.length > 0)
        throw badRequest(
          `Cannot delete the project while it has ${found
            .map((f) => `${f.label} (${f.count})`)
            .join(', ')}.`,
          { dependants: { code: 'validation_has_dependants', found } },
        );
    },
  });

  hooks.on('projects_activities', {
    beforeCreate: async ({ row }) => checkDates(row, 'Failed to create record.'),
    beforeUpdate: async ({ changes, previous }) =>
      checkDates({ ...previous, ...changes }, 'Failed to update record.'),
  });

  timelineHooks(hooks, 'projects_timelines', 'project');
  timelineHooks(hooks, 'activities_timelines', 'activity');
  staffHooks(hooks, 'projects_staff');
  staffHooks(hooks, 'activities_staff');
  committeeHooks(hooks, 'project_financial_committees');
  committeeHooks(hooks, 'project_purchases_committees');
}
