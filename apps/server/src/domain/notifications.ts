import type { RecordWrites } from '../core/hooks';
import type { Queryable } from '../db/database';

/**
 * In-app notifications any area may send: one `notifications` row per recipient, written in the
 * caller's transaction (so a refused change notifies nobody). The recipient alone reads them.
 */
export type Notice = { title: string; body?: string; link?: string };

/** What a notice needs to be mailed; set by the app when SMTP is configured. */
export type NoticeMailer = (to: string, notice: Notice) => Promise<void>;

let mailNotice: NoticeMailer | null = null;

/** The app hands its mail sender here at start (or null without SMTP). */
export function setNoticeMailer(mailer: NoticeMailer | null): void {
  mailNotice = mailer;
}

/**
 * Notifies each employee once (duplicates and '' dropped, `except` left out, usually the person
 * who acted): `notifications` records written through the engine in the hook's transaction
 * (`records`, so they are validated and reach the recipients' open pages through realtime after
 * the commit). Mail, when configured, leaves after the commit too.
 */
export async function notify(
  tx: Queryable,
  records: RecordWrites,
  recipients: readonly string[],
  notice: Notice,
  except = '',
): Promise<void> {
  const ids = [...new Set(recipients.filter((r) => r && r !== except))].sort();
  if (ids.length === 0) return;
  // Cut to the fields' lengths: a long project or request title must not refuse the change.
  await records.createMany(
    'notifications',
    ids.map((recipient) => ({
      recipient,
      title: notice.title.slice(0, 300),
      body: (notice.body ?? '').slice(0, 2000),
      link: (notice.link ?? '').slice(0, 500),
      read: false,
    })),
  );
  const mailer = mailNotice;
  if (!mailer) return;
  const { rows } = await tx.query<{ email: string }>(
    `SELECT "email" FROM "employees" WHERE "id" = ANY($1::text[]) AND "email" <> ''`,
    [ids],
  );
  const send = () => {
    for (const r of rows) void mailer(r.email, notice).catch(() => {});
  };
  if (tx.afterCommit) tx.afterCommit(send);
  else send();
}
