import { useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { FileLinks, protectedFileUrl, useFileToken } from '@/components/resource/file-links';
import { Money, sectionTexts } from '@/components/resource/money';
import { RecordSection } from '@/components/resource/record-section';
import { dateRangeFilters } from '@/components/resource/list-filters';
import { formatDate, fromApiDate, todayInput, toApiDate } from '@/lib/format/date';
import { equalsFilter } from '@/lib/data/records';
import { BANK_CHECKS, type BankCheckRecord } from '../../finance-types';

type CheckValues = {
  beneficiary: string;
  serial_number: string;
  branch: string;
  amount: number | null;
  date: string | null;
  details: string;
  attachments: File[];
};

/** Bank Checks: the checks written on the project's account, with their scans. */
export function BankChecksPanel({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const f = (key: string) => t(`projects.finance.checks.${key}`);
  const token = useFileToken().data;
  // Stored scans taken away in the open dialog (removed on save).
  const [removed, setRemoved] = useState<string[]>([]);
  return (
    <RecordSection<BankCheckRecord, CheckValues>
      collection={BANK_CHECKS}
      list={{ sort: '-date,-created', filter: equalsFilter('project', projectId) }}
      title={f('title')}
      help={f('help')}
      emptyTitle={f('empty')}
      minWidth={820}
      paramPrefix="checks"
      search={['beneficiary', 'serial_number', 'branch', 'details']}
      sortable={{ serial: 'serial_number', beneficiary: true, amount: true, date: true }}
      filters={dateRangeFilters('date', { from: t('table.from'), to: t('table.to') })}
      csv="bank-checks"
      csvCells={{ serial: (c) => c.serial_number, attachments: false }}
      columns={[
        {
          key: 'serial',
          header: f('serial'),
          strong: true,
          render: (c) => <span dir="ltr">{c.serial_number}</span>,
        },
        { key: 'beneficiary', header: f('beneficiary'), render: (c) => c.beneficiary },
        { key: 'branch', header: f('branch'), render: (c) => c.branch || '—' },
        {
          key: 'amount',
          header: f('amount'),
          strong: true,
          render: (c) => <Money value={c.amount} />,
        },
        { key: 'date', header: f('date'), render: (c) => formatDate(c.date) },
        {
          key: 'attachments',
          header: f('attachments'),
          render: (c) => (
            <FileLinks record={c} names={c.attachments} empty="—" label={f('attachmentsOf')} />
          ),
        },
      ]}
      texts={sectionTexts<BankCheckRecord>(t, 'checks', (c) => c.serial_number, 'projects.finance')}
      dialog={{
        onOpen: () => setRemoved([]),
        fields: (row) => [
          { name: 'beneficiary', label: f('beneficiary') },
          { name: 'serial_number', label: f('serial'), half: true },
          { name: 'branch', label: f('branch'), half: true },
          { name: 'amount', label: f('amount'), half: true },
          { name: 'date', label: f('date'), half: true },
          { name: 'details', label: f('details') },
          {
            name: 'attachments',
            label: f('attachments'),
            props: {
              current: (row?.attachments ?? [])
                .filter((name) => !removed.includes(name))
                .map((name) => ({ name, url: protectedFileUrl(row!, name, token) })),
              onRemoveCurrent: (name: string) => setRemoved((list) => [...list, name]),
            },
          },
        ],
        initialValues: (c) => ({
          beneficiary: c?.beneficiary ?? '',
          serial_number: c?.serial_number ?? '',
          branch: c?.branch ?? '',
          amount: c?.amount ?? null,
          date: c ? fromApiDate(c.date) : todayInput(),
          details: c?.details ?? '',
          attachments: [],
        }),
        toBody: (v) => ({
          project: projectId,
          beneficiary: v.beneficiary.trim(),
          serial_number: v.serial_number.trim(),
          branch: v.branch.trim(),
          amount: v.amount,
          date: toApiDate(v.date),
          details: v.details.trim(),
          ...(v.attachments.length > 0 ? { 'attachments+': v.attachments } : {}),
          ...(removed.length > 0 ? { 'attachments-': removed } : {}),
        }),
      }}
    />
  );
}
