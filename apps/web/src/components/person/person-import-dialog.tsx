import {
  Alert,
  Badge,
  Box,
  Button,
  Collapse,
  FileButton,
  Group,
  Modal,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  ThemeIcon,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconAlertCircle,
  IconCheck,
  IconDownload,
  IconFileSpreadsheet,
  IconFileUpload,
  IconRefresh,
  IconX,
} from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { PlainTable } from '@/components/data-table/plain-table';
import { downloadCsv } from '@/components/data-table/list/csv';
import { toAppError } from '@/lib/errors';
import { useAsyncAction } from '@/lib/use-async-action';
import {
  cellsOfLine,
  errorsOutsideColumns,
  ignoredHeaders,
  splitCsv,
  templateCsv,
  type ImportReport,
} from './import-report';
import { Ltr } from './ltr';

export type PersonImportDialogProps = {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** The accepted headers (for the help text and the template). */
  headers: readonly string[];
  /** Example rows of the template. */
  examples: readonly string[][];
  templateFileName: string;
  /** Field name → label, for errors of fields that have no column in the file. */
  fieldLabels: Record<string, string>;
  /** Checks the file without saving anything (dry run). */
  preview: (csv: string) => Promise<ImportReport>;
  /** Saves every row in one go; refused by the server while any row has errors. */
  commit: (csv: string) => Promise<ImportReport>;
  onImported: (report: ImportReport) => void;
};

/** The file-level message of a refused file (`data.csv.message`), else the server's message. */
function fileError(error: unknown): string {
  const appError = toAppError(error);
  return appError.fieldErrors.csv ?? appError.message;
}

/**
 * Import people from a CSV file: choose (or paste) the file, see every row with its errors next
 * to the cells, then import them all at once. Nothing is saved while any row has an error.
 */
export function PersonImportDialog({
  opened,
  onClose,
  title,
  headers,
  examples,
  templateFileName,
  fieldLabels,
  preview,
  commit,
  onImported,
}: PersonImportDialogProps) {
  const { t } = useTranslation();
  const mobile = useMediaQuery('(max-width: 47.99em)');
  const [text, setText] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const [showText, setShowText] = useState(false);
  const [onlyErrors, setOnlyErrors] = useState(false);
  const [checked, setChecked] = useState<{ text: string; report: ImportReport } | null>(null);
  const check = useAsyncAction(preview);
  const save = useAsyncAction(commit);

  const runCheck = async (csv: string) => {
    save.reset();
    const outcome = await check.run(csv);
    setChecked(outcome.ok ? { text: csv, report: outcome.data } : null);
  };

  const reset = () => {
    setText('');
    setFileName(null);
    setShowText(false);
    setOnlyErrors(false);
    setChecked(null);
    check.reset();
    save.reset();
  };

  const close = () => {
    if (save.isPending) return;
    reset();
    onClose();
  };

  const report = checked?.report ?? null;
  const stale = checked !== null && checked.text !== text;
  const table = useMemo(() => (checked ? splitCsv(checked.text) : null), [checked]);
  const rows = report ? report.rows.filter((r) => !onlyErrors || Object.keys(r.errors).length) : [];
  const ignored = report ? ignoredHeaders(report.columns) : [];
  const importCount = report && !stale ? report.total : 0;
  const canImport = report !== null && !stale && report.invalid === 0 && report.total > 0;

  const pickFile = async (file: File | null) => {
    if (!file) return;
    const content = await file.text();
    setFileName(file.name);
    setText(content);
    await runCheck(content);
  };

  const runImport = async () => {
    if (!checked) return;
    const outcome = await save.run(checked.text);
    if (outcome.ok) {
      reset();
      onImported(outcome.data);
    } else {
      // The rows may have changed on the server (e.g. a type was removed): check again.
      await runCheck(checked.text);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={title}
      size="min(1200px, 96vw)"
      fullScreen={mobile}
      radius={mobile ? 0 : 'lg'}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md">
        <Paper withBorder radius="md" p="md" bg="gray.0">
          <Stack gap="sm">
            <Text size="sm">{t('hrPeople.import.help')}</Text>
            <Group gap={6}>
              {headers.map((h) => (
                <Badge key={h} variant="outline" tt="none" fw={500}>
                  {h}
                </Badge>
              ))}
            </Group>
            <Text size="xs" c="dimmed">
              {t('hrPeople.import.formats')}
            </Text>
            <Group gap="xs">
              <FileButton onChange={(file) => void pickFile(file)} accept=".csv,text/csv">
                {(props) => (
                  <Button {...props} leftSection={<IconFileUpload size={16} />}>
                    {t('hrPeople.import.chooseFile')}
                  </Button>
                )}
              </FileButton>
              <Button
                variant="default"
                leftSection={<IconDownload size={16} />}
                onClick={() => downloadCsv(templateFileName, templateCsv(headers, examples))}
              >
                {t('hrPeople.import.template')}
              </Button>
              <Button variant="subtle" onClick={() => setShowText((v) => !v)}>
                {showText ? t('hrPeople.import.hideText') : t('hrPeople.import.pasteText')}
              </Button>
            </Group>
            {fileName && (
              <Group gap={6}>
                <IconFileSpreadsheet size={16} />
                <Text size="sm" fw={500}>
                  {fileName}
                </Text>
              </Group>
            )}
            <Collapse expanded={showText}>
              <Stack gap="xs">
                <Textarea
                  label={t('hrPeople.import.textLabel')}
                  description={t('hrPeople.import.textHint')}
                  value={text}
                  onChange={(e) => setText(e.currentTarget.value)}
                  autosize
                  minRows={4}
                  maxRows={12}
                  dir="ltr"
                  styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                />
                <Group>
                  <Button
                    variant="light"
                    leftSection={<IconRefresh size={16} />}
                    onClick={() => void runCheck(text)}
                    loading={check.isPending}
                    disabled={!text.trim()}
                  >
                    {t('hrPeople.import.check')}
                  </Button>
                </Group>
              </Stack>
            </Collapse>
          </Stack>
        </Paper>

        {check.isError && (
          <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} />}>
            {fileError(check.error)}
          </Alert>
        )}
        {save.isError && (
          <Alert
            color="red"
            variant="light"
            role="alert"
            icon={<IconAlertCircle size={18} />}
            title={t('hrPeople.import.refused')}
          >
            {fileError(save.error)}
          </Alert>
        )}
        {check.isPending && !report && (
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('hrPeople.import.checking')}
          </Text>
        )}

        {report && (
          <Stack gap="sm">
            <Group justify="space-between" gap="sm">
              <Group gap="xs" aria-live="polite">
                <Badge size="lg" variant="light" color="gray" tt="none">
                  {t('hrPeople.import.total', { count: report.total })}
                </Badge>
                <Badge size="lg" variant="light" color="green" tt="none">
                  {t('hrPeople.import.valid', { count: report.valid })}
                </Badge>
                <Badge size="lg" variant="light" color={report.invalid ? 'red' : 'gray'} tt="none">
                  {t('hrPeople.import.invalid', { count: report.invalid })}
                </Badge>
              </Group>
              {report.invalid > 0 && (
                <SegmentedControl
                  size="xs"
                  value={onlyErrors ? 'errors' : 'all'}
                  onChange={(v) => setOnlyErrors(v === 'errors')}
                  data={[
                    { value: 'all', label: t('hrPeople.import.showAll') },
                    { value: 'errors', label: t('hrPeople.import.showErrors') },
                  ]}
                />
              )}
            </Group>
            {stale && (
              <Alert color="yellow" variant="light">
                {t('hrPeople.import.stale')}
              </Alert>
            )}
            {report.invalid > 0 && (
              <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
                {t('hrPeople.import.fixRows')}
              </Alert>
            )}
            {ignored.length > 0 && (
              <Text size="xs" c="dimmed">
                {t('hrPeople.import.ignored', { headers: ignored.join(', ') })}
              </Text>
            )}
            <PlainTable<(typeof rows)[number]>
              caption={t('hrPeople.import.previewTable')}
              rows={rows}
              rowKey={(row) => String(row.line)}
              minWidth={640}
              maxHeight={mobile ? undefined : 420}
              tableProps={{
                striped: true,
                withTableBorder: true,
                withColumnBorders: true,
                stickyHeader: true,
                highlightOnHover: false,
                verticalSpacing: 6,
                fz: 'sm',
              }}
              rowProps={(row) => {
                const bad = Object.keys(row.errors).length > 0;
                return {
                  bg: bad ? 'var(--mantine-color-red-0)' : undefined,
                  'data-invalid': bad || undefined,
                };
              }}
              columns={[
                {
                  key: 'line',
                  header: t('hrPeople.import.row'),
                  th: { w: 64 },
                  render: (row) => <Ltr>{row.line}</Ltr>,
                },
                ...report.columns.map((column, i) => ({
                  key: `${column.header}-${i}`,
                  header: column.header,
                  th: { c: column.field ? undefined : 'dimmed' },
                  td: (row: (typeof rows)[number]) => ({
                    bg:
                      column.field && row.errors[column.field]
                        ? 'var(--mantine-color-red-1)'
                        : undefined,
                    style: { verticalAlign: 'top' as const },
                  }),
                  render: (row: (typeof rows)[number]) => {
                    const error = column.field ? row.errors[column.field] : undefined;
                    return (
                      <>
                        <Text size="sm" c={column.field ? undefined : 'dimmed'} dir="auto">
                          {cellsOfLine(table, row.line)[i] ?? ''}
                        </Text>
                        {error && (
                          <Text size="xs" c="red.8" fw={500} role="note" dir="auto">
                            {error}
                          </Text>
                        )}
                      </>
                    );
                  },
                })),
                {
                  key: 'result',
                  header: t('hrPeople.import.result'),
                  th: { miw: 160 },
                  td: { style: { verticalAlign: 'top' } },
                  render: (row) =>
                    Object.keys(row.errors).length > 0 ? (
                      <Stack gap={2}>
                        <Group gap={4} wrap="nowrap">
                          <ThemeIcon size={18} radius="xl" color="red" variant="light">
                            <IconX size={12} />
                          </ThemeIcon>
                          <Text size="xs" c="red.8" fw={600}>
                            {t('hrPeople.import.rowRefused')}
                          </Text>
                        </Group>
                        {errorsOutsideColumns(row, report.columns).map(([field, message]) => (
                          <Text key={field} size="xs" c="red.8">
                            {fieldLabels[field] ?? field}: {message}
                          </Text>
                        ))}
                      </Stack>
                    ) : (
                      <Group gap={4} wrap="nowrap">
                        <ThemeIcon size={18} radius="xl" color="green" variant="light">
                          <IconCheck size={12} />
                        </ThemeIcon>
                        <Text size="xs" c="green.8" fw={600}>
                          {t('hrPeople.import.rowOk')}
                        </Text>
                      </Group>
                    ),
                },
              ]}
            />
          </Stack>
        )}

        <Box
          pos="sticky"
          bottom={0}
          py="xs"
          bg="var(--mantine-color-body)"
          style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
        >
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={close} disabled={save.isPending}>
              {t('common.cancel')}
            </Button>
            <Button
              onClick={() => void runImport()}
              disabled={!canImport}
              loading={save.isPending}
              leftSection={<IconFileUpload size={16} />}
            >
              {importCount === 1
                ? t('hrPeople.import.submitOne')
                : t('hrPeople.import.submit', { count: importCount })}
            </Button>
          </Group>
        </Box>
      </Stack>
    </Modal>
  );
}
