import type { Engine } from '../../core/engine';
import type { SqliteRow } from './source';
import { existing, importRows, text, type Context } from './rows';

/** The old committee tables, misspelt, and the collections they became. */
export const COMMITTEES = [
  ['project_financial_commities', 'project_financial_committees'],
  ['project_purchases_commities', 'project_purchases_committees'],
] as const;

/**
 * Projects (with the employees' project link), activities, both timelines (posts before their
 * replies, authors kept), project and activity staff and the two committees of each project.
 */
export async function importProjects(ctx: Context, tx: Engine): Promise<void> {
  const html = (row: SqliteRow, fields: readonly string[]) =>
    Object.fromEntries(fields.map((f) => [f, text(row[f])]));

  await importRows(ctx, tx, 'projects', 'projects', 'projects', async (row) => ({
    data: {
      title: text(row.title),
      place: text(row.place),
      starting_date: text(row.starting_date),
      end_date: text(row.end_date),
      ...html(row, [
        'details',
        'objectives',
        'targeted_groups',
        'context_dependant_topics',
        'narrative_report',
      ]),
    },
  }));

  // The old Staff tab listed the employees whose `project` names the project: keep that link.
  if (ctx.source.tables().has('employees')) {
    for (const row of ctx.source.rows('employees')) {
      const oldProject = text(row.project);
      if (!oldProject) continue;
      const project = await existing(tx, 'projects', oldProject);
      const employee = await existing(tx, 'employees', text(row.id));
      if (!project || !employee) {
        ctx.report.problem(
          `project ${oldProject} ${project ? 'found' : 'does not exist'}, employee ${employee ? 'found' : 'not imported'}: the project link is left out`,
          'employees',
          text(row.id),
        );
        continue;
      }
      await tx.db.query(
        `UPDATE "employees" SET "project" = $1 WHERE "id" = $2 AND "project" = ''`,
        [project, employee],
      );
    }
  }

  await importRows(
    ctx,
    tx,
    'projects',
    'projects_activities',
    'projects_activities',
    async (row) => {
      const project = await existing(tx, 'projects', text(row.project));
      if (!project) return { refuse: `project ${text(row.project) || '(none)'} does not exist` };
      const audience = Number(row.audience_count ?? 0);
      return {
        data: {
          project,
          title: text(row.title),
          place: text(row.place),
          starting_date: text(row.starting_date),
          end_date: text(row.end_date),
          audience_count: Number.isFinite(audience) ? audience : 0,
          ...html(row, [
            'description',
            'participants',
            'partners',
            'challenges',
            'how_challenges_faced',
            'success_stories',
            'lessons',
            'recommendations',
          ]),
        },
      };
    },
  );

  // Timelines: the server sets a post's author from the signed-in account, so the old author is
  // put back afterwards; replies come after the posts they answer.
  const timeline = async (from: string, owner: string, ownerTable: string) => {
    const plan = async (row: SqliteRow) => {
      const parent = await existing(tx, ownerTable, text(row[owner]));
      if (!parent) return { refuse: `${owner} ${text(row[owner]) || '(none)'} does not exist` };
      const replyTo = text(row.reply_to);
      const reply = replyTo ? await existing(tx, from, replyTo) : '';
      if (replyTo && !reply) return { refuse: `the post it answers (${replyTo}) was not imported` };
      const creator = await existing(tx, 'employees', text(row.creator));
      if (text(row.creator) && !creator)
        ctx.report.problem(
          `author ${text(row.creator)} was not imported: the post shows as the system's`,
          from,
          text(row.id),
        );
      return {
        data: { [owner]: parent, title: text(row.title), post: text(row.post), reply_to: reply },
        after: async (id: string) => {
          await tx.db.query(`UPDATE "${from}" SET "creator" = $1 WHERE "id" = $2`, [creator, id]);
        },
      };
    };
    await importRows(ctx, tx, 'projects', from, from, plan, (row) => !text(row.reply_to));
    await importRows(ctx, tx, 'projects', from, from, plan, (row) => Boolean(text(row.reply_to)));
  };
  await timeline('projects_timelines', 'project', 'projects');
  await timeline('activities_timelines', 'activity', 'projects_activities');

  // Staff and committees are written as the import (request context `import`): a seat of an
  // employee who is not active today (on leave, resigned) existed in the old system, and the
  // history made in it stays, so it is kept, and the report says so. The person acts on it again
  // once active; seats chosen on the screens are still for active employees only.
  const replay: Context = { ...ctx, request: { ...ctx.request, context: 'import' } };
  const keptSeat = async (from: string, oldId: string, employee: string) => {
    const { rows } = await tx.db.query<{ status: string }>(
      `SELECT "employment_status" AS status FROM "employees" WHERE "id" = $1`,
      [employee],
    );
    const status = rows[0]?.status ?? '';
    if (status !== 'Active')
      ctx.report.adjusted(
        from,
        oldId,
        `employee ${employee} is ${status || 'not active'} today: the seat is kept, and they act on it once active again`,
      );
  };

  // Staff of projects and of activities: one old `person_id` becomes the employee or the member
  // its type names. A type the old data does not say is read from where the person is found.
  const staff = (from: string, owner: string, ownerTable: string) =>
    importRows(replay, tx, 'projects', from, from, async (row) => {
      const oldId = text(row.id);
      const parent = await existing(tx, ownerTable, text(row[owner]));
      if (!parent) return { refuse: `${owner} ${text(row[owner]) || '(none)'} does not exist` };
      const personId = text(row.person_id);
      const oldType = text(row.type);
      let type = oldType;
      let person = '';
      if (type === 'employee' || type === 'member')
        person = await existing(tx, type === 'employee' ? 'employees' : 'members', personId);
      else {
        const employee = await existing(tx, 'employees', personId);
        const member = employee ? '' : await existing(tx, 'members', personId);
        if (!employee && !member)
          return {
            refuse: `type "${oldType}", and ${personId || '(none)'} is no employee or member here`,
          };
        type = employee ? 'employee' : 'member';
        person = employee || member;
      }
      if (!person) return { refuse: `${type} ${personId || '(none)'} does not exist` };
      return {
        data: {
          [owner]: parent,
          type,
          [type]: person,
          position: text(row.position),
          description: text(row.description),
        },
        after: async () => {
          if (type !== oldType)
            ctx.report.adjusted(
              from,
              oldId,
              `type "${oldType}" is neither employee nor member: ${person} is a ${type} here, so the type is ${type}`,
            );
          if (type === 'employee') await keptSeat(from, oldId, person);
        },
      };
    });
  await staff('projects_staff', 'project', 'projects');
  await staff('activities_staff', 'activity', 'projects_activities');

  for (const [from, to] of COMMITTEES) {
    await importRows(replay, tx, 'projects', from, to, async (row) => {
      const project = await existing(tx, 'projects', text(row.project));
      if (!project) return { refuse: `project ${text(row.project) || '(none)'} does not exist` };
      const employee = await existing(tx, 'employees', text(row.employee));
      if (!employee) return { refuse: `employee ${text(row.employee) || '(none)'} does not exist` };
      const flag = (v: unknown) => v === true || text(v) === '1' || text(v) === 'true';
      return {
        data: {
          project,
          employee,
          can_create: flag(row.can_create),
          can_update_status: flag(row.can_update_status),
        },
        after: () => keptSeat(from, text(row.id), employee),
      };
    });
  }
}
