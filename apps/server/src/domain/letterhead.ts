import { ORGANISATION_SETTINGS_ID } from '@app/schema';
import type { Engine } from '../core/engine';
import { detectContentType } from '../tools/filesystem/content-type';

/**
 * The organisation's name, logo and address (Settings → Organisation), printed at the top of
 * every document the server prints. The logo is embedded as a data: URL: the printed page may
 * load nothing from anywhere (pdf-printer.ts).
 */
export type Letterhead = { name: string; address: string; logo: string | null };

const PRINTABLE = new Set(['image/png', 'image/jpeg', 'image/webp']);

export async function loadLetterhead(engine: Engine): Promise<Letterhead> {
  const { rows } = await engine.db.query<{ name: string; address: string; logo: string }>(
    `SELECT "name", "address", "logo" FROM "organisation_settings" WHERE "id" = $1`,
    [ORGANISATION_SETTINGS_ID],
  );
  const row = rows[0] ?? { name: '', address: '', logo: '' };
  let logo: string | null = null;
  if (row.logo) {
    const collection = engine.registry.get('organisation_settings')!;
    const bytes = await engine.storage.get(
      `${collection.id}/${ORGANISATION_SETTINGS_ID}/${row.logo}`,
    );
    if (bytes) {
      const type = (await detectContentType(bytes, row.logo)).split(';')[0].trim();
      if (PRINTABLE.has(type)) logo = `data:${type};base64,${bytes.toString('base64')}`;
    }
  }
  return { name: row.name, address: row.address, logo };
}

function escapeHtml(text: unknown): string {
  return String(text ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The letterhead's styles, added to each document's own. */
export const LETTERHEAD_CSS = `
  .letterhead { display: flex; align-items: center; gap: 10pt; border-bottom: 2px solid #4A148C; padding-bottom: 6pt; margin-bottom: 12pt; }
  .letterhead img { max-height: 48pt; max-width: 120pt; object-fit: contain; }
  .letterhead .org { font-size: 13pt; font-weight: bold; color: #4A148C; }
  .letterhead .address { font-size: 9pt; color: #444; white-space: pre-line; unicode-bidi: plaintext; }`;

/** The letterhead's HTML; nothing when the organisation has set neither name, logo nor address. */
export function letterheadHtml(head: Letterhead): string {
  if (!head.name && !head.address && !head.logo) return '';
  return `<header class="letterhead">
    ${head.logo ? `<img src="${head.logo}" alt="${escapeHtml(head.name)}">` : ''}
    <div>
      ${head.name ? `<div class="org"><bdi>${escapeHtml(head.name)}</bdi></div>` : ''}
      ${head.address ? `<div class="address">${escapeHtml(head.address)}</div>` : ''}
    </div>
  </header>`;
}
