import { useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { FileLinks, protectedFileUrl, useFileToken } from '@/components/resource/file-links';
import { sectionTexts } from '@/components/resource/money';
import { RecordSection } from '@/components/resource/record-section';
import { dateRangeFilters } from '@/components/resource/list-filters';
import { todayInput } from '@/lib/format/date';
import { equalsFilter } from '@/lib/data/records';
import { BANK_CHECKS, type BankCheckRecord } from '../../finance-types';

/** Bank Checks: the checks written on the project's account, with their scans. */
export function BankChecksPanel({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const f = (key: string) => t(`projects.finance.checks.${key}`);
  const token = useFileToken().data;
  // Stored scans taken away in the open dialog (removed on save).
  const [removed, setRemoved] = useState<string[]>([]);
  return (
    <RecordSection<BankCheckRecord, Record<string, unknown>>
      collection={BANK_CHECKS}
      list={{ sort: '-date,-created', filter: equalsFilter('project', projectId) }}
      title={f('title')}
      help={f('help')}
      emptyTitle={f('empty')}
      minWidth={820}
      paramPrefix="checks"
      search={['beneficiary', 'serial_number', 'branch', 'details']}
      filters={dateRangeFilters('date', { from: t('table.from'), to: t('table.to') })}
      csv="bank-checks"
      csvCells={{ attachments: false }}
      columns={[
        {
          field: 'serial_number',
          strong: true,
          sort: true,
          render: (c) => <span dir="ltr">{c.serial_number}</span>,
        },
        { field: 'beneficiary', sort: true },
        { field: 'branch' },
        { field: 'amount', strong: true, sort: true },
        { field: 'date', sort: true },
        {
          field: 'attachments',
          render: (c) => (
            <FileLinks record={c} names={c.attachments} empty="—" label={f('attachmentsOf')} />
          ),
        },
      ]}
      texts={sectionTexts<BankCheckRecord>(t, 'checks', (c) => c.serial_number, 'projects.finance')}
      dialog={{
        onOpen: () => setRemoved([]),
        fields: (row) => [
          { name: 'beneficiary' },
          { name: 'serial_number', half: true },
          { name: 'branch', half: true },
          { name: 'amount', half: true },
          { name: 'date', half: true },
          { name: 'details' },
          {
            name: 'attachments',
            props: {
              current: (row?.attachments ?? [])
                .filter((name) => !removed.includes(name))
                .map((name) => ({ name, url: protectedFileUrl(row!, name, token) })),
              onRemoveCurrent: (name: string) => setRemoved((list) => [...list, name]),
            },
          },
        ],
        defaults: { date: todayInput() },
        fixed: { project: projectId },
        // New scans are added to the stored ones; those taken away here go on save.
        removedFiles: { attachments: removed },
      }}
    />
  );
}
