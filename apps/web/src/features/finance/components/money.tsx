/** The money kit (amounts, section texts) lives in components/; finance screens take it from here. */
export { Money, sectionTexts } from '@/components/resource/money';

export { todayInput as today } from '@/lib/format/date';

/** The name an expanded relation shows. */
export function nameOf(record: { title?: string; name?: string } | undefined): string {
  return record?.title || record?.name || '—';
}
