import { Alert, Button, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { ErrorState } from '@/components/page/error-state';
import { PageFrame } from '@/components/page/page-frame';
import { labelsOf } from '@/components/resource/field-label';
import { RecordSection } from '@/components/resource/record-section';
import { declaredChoiceFilter } from '@/components/resource/list-filters';
import { StatusBadge } from '@/components/resource/common/status-badge';
import { paths } from '@/config/paths';
import { formatDate, fromApiDate, toApiDate } from '@/lib/format/date';
import { formatMoney } from '@/lib/format/money';
import { useAssetSchedule } from '../api';
import { ASSETS, type AssetRecord } from '../types';
import { Money, sectionTexts } from './money';
import { TableScroll } from '@/components/data-table/table-scroll';

const ASSET_COLORS = { New: 'green', Second: 'blue', Eliminated: 'red' } as const;

type AssetValues = {
  title: string;
  category: string;
  purchase_date: string | null;
  price: number | null;
  bill_number: string;
  custodian: string | null;
  location: string;
  status: string | null;
  elimination_date: string | null;
  elimination_reason: string;
  depreciation_method: string | null;
  useful_life_years: number | null;
  declining_rate: number | null;
  salvage_value: number | null;
  opening_accumulated: number | null;
};

/** The server's depreciation schedule of one asset: a line per year, passed years fixed. */
function SchedulePanel({ asset }: { asset: AssetRecord }) {
  const { t } = useTranslation();
  const schedule = useAssetSchedule(asset.id);
  const s = schedule.data;
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="asset-schedule">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="asset-schedule">
          {t('finance.assets.scheduleOf', { name: asset.title })}
        </Title>
        {schedule.isError ? (
          <ErrorState error={schedule.error} onRetry={() => void schedule.refetch()} />
        ) : !s ? (
          <Skeleton h={120} />
        ) : (
          <>
            <Text fw={600}>
              {t('finance.columns.bookValue')}: <Money value={s.book_value_today} />
            </Text>
            {s.disposal && (
              <Alert color="red" variant="light">
                {t('finance.assets.disposed', {
                  date: formatDate(s.disposal.date),
                  amount: formatMoney(s.disposal.book_value),
                  reason: s.disposal.reason,
                })}
              </Alert>
            )}
            {s.lines.length === 0 ? (
              <Text c="dimmed">{t('finance.assets.noSchedule')}</Text>
            ) : (
              <TableScroll
                minWidth={760}
                label={t('finance.assets.scheduleOf', { name: asset.title })}
              >
                <Table
                  verticalSpacing="xs"
                  aria-label={t('finance.assets.scheduleOf', { name: asset.title })}
                  styles={{ td: { whiteSpace: 'nowrap' } }}
                >
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('finance.assets.year')}</Table.Th>
                      <Table.Th>{t('finance.assets.period')}</Table.Th>
                      <Table.Th>{t('finance.assets.opening')}</Table.Th>
                      <Table.Th>{t('finance.assets.depreciation')}</Table.Th>
                      <Table.Th>{t('finance.assets.accumulated')}</Table.Th>
                      <Table.Th>{t('finance.assets.closing')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {s.lines.map((line) => (
                      <Table.Tr key={line.year} c={line.passed ? undefined : 'dimmed'}>
                        <Table.Td>
                          {line.year}
                          {line.passed && ` · ${t('finance.assets.fixed')}`}
                        </Table.Td>
                        <Table.Td>
                          <span className="ltr-value">
                            {formatDate(line.start)} – {formatDate(line.end)}
                          </span>
                        </Table.Td>
                        <Table.Td>
                          <Money value={line.opening} />
                        </Table.Td>
                        <Table.Td>
                          <Money value={line.depreciation} />
                        </Table.Td>
                        <Table.Td>
                          <Money value={line.accumulated} />
                        </Table.Td>
                        <Table.Td fw={600}>
                          <Money value={line.closing} />
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </TableScroll>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}

/** /finance/assets: the organisation's assets, their depreciation schedule and disposal. */
export function AssetsScreen() {
  const { t } = useTranslation();
  const f = labelsOf(t, ASSETS);
  const [shown, setShown] = useState<AssetRecord | null>(null);
  return (
    <PageFrame
      title={t('pages.assets')}
      breadcrumbs={[
        { label: t('nav.home'), to: paths.home.getHref() },
        { label: t('finance.area') },
        { label: t('pages.assets') },
      ]}
    >
      <RecordSection<AssetRecord, AssetValues>
        collection={ASSETS}
        list={{ sort: 'title', expand: 'custodian' }}
        title={t('finance.assets.title')}
        emptyTitle={t('finance.assets.empty')}
        minWidth={980}
        search={['title', 'category', 'bill_number', 'location']}
        filters={[
          declaredChoiceFilter(ASSETS, 'status', f('status'), (s) =>
            t(`finance.assets.statuses.${s}`),
          ),
        ]}
        csv="assets"
        columns={[
          { field: 'title', strong: true, sort: true },
          { field: 'category', sort: true },
          {
            field: 'status',
            render: (r) => (
              <StatusBadge
                status={r.status}
                colors={ASSET_COLORS}
                texts="finance.assets.statuses"
              />
            ),
          },
          { field: 'purchase_date', sort: true },
          { field: 'price', sort: true },
          {
            field: 'depreciation_method',
            render: (r) => t(`finance.assets.methods.${r.depreciation_method || 'none'}`),
          },
          {
            key: 'schedule',
            header: t('finance.assets.schedule'),
            render: (r) => (
              <Button
                size="compact-sm"
                variant="light"
                aria-label={t('finance.assets.showSchedule', { name: r.title })}
                onClick={() => setShown(r)}
              >
                {t('finance.assets.schedule')}
              </Button>
            ),
          },
        ]}
        texts={sectionTexts<AssetRecord>(t, 'assets', (r) => r.title)}
        dialog={{
          fields: [
            { name: 'title' },
            { name: 'category', half: true },
            {
              name: 'status',
              half: true,
              optionLabel: (s) => t(`finance.assets.statuses.${s}`),
            },
            { name: 'purchase_date', half: true },
            { name: 'price', half: true },
            { name: 'bill_number', half: true },
            {
              name: 'custodian',
              half: true,
              displayField: 'name',
              props: { clearable: true },
            },
            { name: 'location' },
            {
              name: 'depreciation_method',
              half: true,
              optionLabel: (m) => t(`finance.assets.methods.${m}`),
            },
            { name: 'useful_life_years', half: true },
            { name: 'declining_rate', half: true },
            { name: 'salvage_value', half: true },
            { name: 'opening_accumulated', half: true },
            { name: 'elimination_date', half: true },
            { name: 'elimination_reason' },
          ],
          initialValues: (r) => ({
            title: r?.title ?? '',
            category: r?.category ?? '',
            purchase_date: r ? fromApiDate(r.purchase_date) : null,
            price: r?.price ?? null,
            bill_number: r?.bill_number ?? '',
            custodian: r?.custodian || null,
            location: r?.location ?? '',
            status: r?.status ?? 'New',
            elimination_date: r ? fromApiDate(r.elimination_date) : null,
            elimination_reason: r?.elimination_reason ?? '',
            depreciation_method: r?.depreciation_method || 'straight_line',
            useful_life_years: r?.useful_life_years ?? null,
            declining_rate: r?.declining_rate ?? null,
            salvage_value: r?.salvage_value ?? null,
            opening_accumulated: r?.opening_accumulated ?? null,
          }),
          toBody: (v) => ({
            ...v,
            title: v.title.trim(),
            purchase_date: toApiDate(v.purchase_date),
            elimination_date: toApiDate(v.elimination_date),
            custodian: v.custodian ?? '',
            price: v.price ?? 0,
            useful_life_years: v.useful_life_years ?? 0,
            declining_rate: v.declining_rate ?? 0,
            salvage_value: v.salvage_value ?? 0,
            opening_accumulated: v.opening_accumulated ?? 0,
          }),
        }}
      />
      {shown && <SchedulePanel asset={shown} />}
    </PageFrame>
  );
}
