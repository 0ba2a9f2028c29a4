import { Alert, Button, FileButton, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconDatabaseImport, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '@/components/confirm/confirm-dialog';
import { ErrorState } from '@/components/page/error-state';
import { PageLoader } from '@/components/page/page-loader';
import { toAppError } from '@/lib/errors';
import { useConfirmImport, useImportJob, useStartImport, type ImportJob } from '../api';
import { ImportReportView } from './import-report';

/** "Employees: 120 of 300", or the step's name before the first row. */
function ProgressLine({ job, label }: { job: ImportJob; label: string }) {
  const { t } = useTranslation();
  const p = job.progress;
  const value = p && p.total > 0 ? Math.round((p.done / p.total) * 100) : 0;
  return (
    <Stack gap={4} data-testid="import-progress">
      <Text size="sm" aria-live="polite">
        {label}
        {p
          ? ` ${t('pbImport.progress', { collection: p.collection, done: p.done.toLocaleString(), total: p.total.toLocaleString() })}`
          : ''}
      </Text>
      <Progress value={p ? value : 100} animated striped aria-label={label} />
    </Stack>
  );
}

/**
 * Settings → Import: upload the old system's backup, read what a dry run found, confirm, and
 * follow the import. The job's id stays in the address, so a reload keeps following it.
 */
export function ImportPanel() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const jobId = params.get('job');
  const job = useImportJob(jobId);
  const start = useStartImport();
  const confirm = useConfirmImport();
  const [asking, setAsking] = useState(false);

  const follow = (id: string | null) => setParams(id ? { job: id } : {}, { replace: false });

  const chooser = (
    <Group gap="xs">
      <FileButton
        accept=".zip,application/zip"
        onChange={(file) => file && start.mutate(file, { onSuccess: (j) => follow(j.id) })}
      >
        {(props) => (
          <Button
            {...props}
            leftSection={<IconUpload size={18} aria-hidden />}
            loading={start.isPending}
          >
            {t('pbImport.choose')}
          </Button>
        )}
      </FileButton>
      {start.isPending && (
        <Text size="sm" c="dimmed" aria-live="polite">
          {t('pbImport.uploading')}
        </Text>
      )}
    </Group>
  );

  let body;
  if (!jobId) body = chooser;
  else if (job.isPending) body = <PageLoader />;
  else if (job.isError)
    body = (
      <Stack gap="sm">
        <ErrorState error={job.error} onRetry={() => void job.refetch()} />
        <div>
          <Button variant="default" onClick={() => follow(null)}>
            {t('pbImport.startOver')}
          </Button>
        </div>
      </Stack>
    );
  else {
    const current = job.data;
    body = (
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('pbImport.file', { name: current.name })}
        </Text>
        {current.state === 'checking' && (
          <ProgressLine job={current} label={t('pbImport.checking')} />
        )}
        {current.state === 'importing' && (
          <ProgressLine job={current} label={t('pbImport.importing')} />
        )}
        {current.state === 'failed' && (
          <Alert color="red" role="alert" icon={<IconAlertTriangle size={18} aria-hidden />}>
            {current.error}
          </Alert>
        )}
        {current.state === 'checked' && current.check && (
          <>
            <Alert color="blue" icon={<IconDatabaseImport size={18} aria-hidden />}>
              {t('pbImport.checked')}
            </Alert>
            <ImportReportView report={current.check} />
            <Group gap="xs">
              <Button onClick={() => setAsking(true)}>{t('pbImport.import')}</Button>
              <Button variant="default" onClick={() => follow(null)}>
                {t('pbImport.startOver')}
              </Button>
            </Group>
          </>
        )}
        {current.state === 'done' && current.report && (
          <>
            <Alert color="green" role="status" icon={<IconCheck size={18} aria-hidden />}>
              {t('pbImport.done')}
            </Alert>
            <ImportReportView report={current.report} />
          </>
        )}
        {(current.state === 'failed' || current.state === 'done') && (
          <div>
            <Button variant="default" onClick={() => follow(null)}>
              {t('pbImport.another')}
            </Button>
          </div>
        )}
      </Stack>
    );
  }

  const toImport =
    job.data?.check?.collections.reduce((sum, c) => sum + c.toImport, 0).toLocaleString() ?? '0';
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="md">
        <Text size="sm">{t('pbImport.intro')}</Text>
        {start.isError && (
          <Alert color="red" role="alert">
            {toAppError(start.error).fieldErrors.file ?? toAppError(start.error).message}
          </Alert>
        )}
        {body}
      </Stack>
      <ConfirmDialog
        opened={asking}
        title={t('pbImport.confirmTitle')}
        message={t('pbImport.confirmMessage', { count: toImport })}
        confirmLabel={t('pbImport.import')}
        focus="cancel"
        loading={confirm.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() =>
          jobId &&
          confirm.mutate(jobId, {
            onSuccess: () => {
              setAsking(false);
              void job.refetch();
            },
          })
        }
      >
        {confirm.isError && (
          <Alert color="red" role="alert">
            {toAppError(confirm.error).message}
          </Alert>
        )}
      </ConfirmDialog>
    </Paper>
  );
}
