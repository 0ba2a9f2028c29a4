import { Badge, Button, List, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { PlainTable } from '@/components/data-table/plain-table';
import { downloadReport, type ImportReport } from '../api';

type Refusal = { key: string; collection: string; id: string; reason: string };

/**
 * An import's report: per old collection the rows read, imported (or to import), already here
 * and refused, and per old table that every row of the backup is accounted for; the refused rows
 * with their reason; the records to review and what was filled in or relaxed; the values that
 * changed on the way; the money per vault; and the problems. The same for the dry run and the
 * real run.
 */
export function ImportReportView({ report }: { report: ImportReport }) {
  const { t } = useTranslation();
  const refusals: Refusal[] = report.collections.flatMap((c) =>
    c.refused.map((r, i) => ({ key: `${c.name}-${c.target}-${i}`, collection: c.name, ...r })),
  );
  const number = (n: number) => n.toLocaleString();
  return (
    <Stack gap="md">
      <PlainTable
        caption={t('pbImport.report.collections')}
        rows={report.collections}
        rowKey={(c) => `${c.name}-${c.target}`}
        minWidth={560}
        columns={[
          { key: 'name', header: t('pbImport.report.old'), render: (c) => c.name },
          { key: 'target', header: t('pbImport.report.new'), render: (c) => c.target },
          { key: 'read', header: t('pbImport.report.read'), render: (c) => number(c.read) },
          {
            key: 'import',
            header: report.dryRun ? t('pbImport.report.toImport') : t('pbImport.report.imported'),
            render: (c) => number(c.toImport),
          },
          {
            key: 'skipped',
            header: t('pbImport.report.skipped'),
            render: (c) => number(c.skipped),
          },
          {
            key: 'refused',
            header: t('pbImport.report.refused'),
            render: (c) =>
              c.refused.length ? (
                <Badge color="red" variant="light">
                  {number(c.refused.length)}
                </Badge>
              ) : (
                '0'
              ),
          },
        ]}
      />

      <PlainTable
        caption={t('pbImport.report.tables')}
        rows={report.tables}
        rowKey={(c) => c.name}
        minWidth={560}
        maxHeight={320}
        columns={[
          { key: 'name', header: t('pbImport.report.old'), render: (c) => c.name },
          { key: 'rows', header: t('pbImport.report.rows'), render: (c) => number(c.rows) },
          { key: 'read', header: t('pbImport.report.read'), render: (c) => number(c.read) },
          {
            key: 'import',
            header: report.dryRun ? t('pbImport.report.toImport') : t('pbImport.report.imported'),
            render: (c) => number(c.toImport),
          },
          {
            key: 'skipped',
            header: t('pbImport.report.skipped'),
            render: (c) => number(c.skipped),
          },
          {
            key: 'refused',
            header: t('pbImport.report.refused'),
            render: (c) => number(c.refused),
          },
        ]}
      />

      {report.toReview.length > 0 && (
        <Stack gap={4}>
          <Title order={3} size="h5">
            {t('pbImport.report.toReview')}
          </Title>
          <PlainTable
            caption={t('pbImport.report.toReview')}
            rows={report.toReview}
            rowKey={(r) => `${r.collection}-${r.id}`}
            minWidth={560}
            maxHeight={320}
            columns={[
              { key: 'collection', header: t('pbImport.report.old'), render: (r) => r.collection },
              { key: 'id', header: t('pbImport.report.id'), render: (r) => r.id },
              { key: 'target', header: t('pbImport.report.new'), render: (r) => r.target },
              { key: 'message', header: t('pbImport.report.note'), render: (r) => r.message },
            ]}
          />
        </Stack>
      )}

      {report.adjusted.length > 0 && (
        <Stack gap={4}>
          <Title order={3} size="h5">
            {t('pbImport.report.adjusted')}
          </Title>
          <PlainTable
            caption={t('pbImport.report.adjusted')}
            rows={report.adjusted}
            rowKey={(a) => `${a.collection}-${a.id}-${a.message}`}
            minWidth={560}
            maxHeight={320}
            columns={[
              { key: 'collection', header: t('pbImport.report.old'), render: (a) => a.collection },
              { key: 'id', header: t('pbImport.report.id'), render: (a) => a.id },
              { key: 'message', header: t('pbImport.report.note'), render: (a) => a.message },
            ]}
          />
        </Stack>
      )}

      {refusals.length > 0 && (
        <Stack gap={4}>
          <Title order={3} size="h5">
            {t('pbImport.report.refusedRows')}
          </Title>
          <PlainTable
            caption={t('pbImport.report.refusedRows')}
            rows={refusals}
            rowKey={(r) => r.key}
            minWidth={560}
            maxHeight={320}
            columns={[
              { key: 'collection', header: t('pbImport.report.old'), render: (r) => r.collection },
              { key: 'id', header: t('pbImport.report.id'), render: (r) => r.id },
              { key: 'reason', header: t('pbImport.report.reason'), render: (r) => r.reason },
            ]}
          />
        </Stack>
      )}

      {report.mapped.length > 0 && (
        <Stack gap={4}>
          <Title order={3} size="h5">
            {t('pbImport.report.mapped')}
          </Title>
          <PlainTable
            caption={t('pbImport.report.mapped')}
            rows={report.mapped}
            rowKey={(m) => `${m.collection}-${m.field}-${m.from}-${m.to}`}
            minWidth={560}
            columns={[
              {
                key: 'field',
                header: t('pbImport.report.field'),
                render: (m) => `${m.collection}.${m.field}`,
              },
              { key: 'from', header: t('pbImport.report.from'), render: (m) => m.from },
              { key: 'to', header: t('pbImport.report.to'), render: (m) => m.to },
              { key: 'count', header: t('pbImport.report.count'), render: (m) => number(m.count) },
            ]}
          />
        </Stack>
      )}

      {report.money.length > 0 && (
        <Stack gap={4}>
          <Title order={3} size="h5">
            {t('pbImport.report.money')}
          </Title>
          <PlainTable
            caption={t('pbImport.report.money')}
            rows={report.money}
            rowKey={(m) => m.what}
            minWidth={560}
            columns={[
              { key: 'what', header: t('pbImport.report.what'), render: (m) => m.what },
              { key: 'before', header: t('pbImport.report.before'), render: (m) => m.before },
              { key: 'after', header: t('pbImport.report.after'), render: (m) => m.after },
            ]}
          />
        </Stack>
      )}

      {(report.problems.length > 0 || report.unknownPermissionKeys.length > 0) && (
        <Stack gap={4}>
          <Title order={3} size="h5">
            {t('pbImport.report.problems')}
          </Title>
          <List size="sm" spacing={2}>
            {report.unknownPermissionKeys.length > 0 && (
              <List.Item>
                {t('pbImport.report.unknownPermissions', {
                  keys: report.unknownPermissionKeys.join(', '),
                })}
              </List.Item>
            )}
            {report.problems.map((p, i) => (
              <List.Item key={i}>
                <Text span size="sm">
                  {[p.collection, p.id].filter(Boolean).join(' ')}
                  {p.collection || p.id ? ': ' : ''}
                  {p.message}
                </Text>
              </List.Item>
            ))}
          </List>
        </Stack>
      )}

      <div>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={() => downloadReport(report)}
        >
          {t('pbImport.report.download')}
        </Button>
      </div>
    </Stack>
  );
}
