import type { RecordEvent } from '../core/engine';
import type { Row } from '../core/record-export';
import type { Queryable } from '../db/database';
import { formatDate } from '../core/values';
import { newRecordId } from '../tools/security/random';

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
 * who acted). The new rows reach the recipients' open pages through realtime (`publish`, the
 * hook's), and mail, when configured, leaves; both after the transaction has committed.
 */
export async function notify(
  tx: Queryable,
  recipients: readonly string[],
  notice: Notice,
  except = '',
  publish?: (event: RecordEvent) => void,
): Promise<void> {
  const ids = [...new Set(recipients.filter((r) => r && r !== except))].sort();
  if (ids.length === 0) return;
  const now = formatDate(new Date());
  for (const id of ids) {
    const { rows } = await tx.query<Row>(
      `INSERT INTO "notifications" ("id","recipient","title","body","link","read","created","updated")
       VALUES ($1,$2,$3,$4,$5,false,$6,$6) RETURNING *`,
      [
        newRecordId(),
        id,
        notice.title.slice(0, 300),
        (notice.body ?? '').slice(0, 2000),
        (notice.link ?? '').slice(0, 500),
        now,
      ],
    );
    if (rows[0]) publish?.({ action: 'create', collection: 'notifications', row: rows[0] });
  }
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
