import { Alert, Box, Button, Container, Divider, List, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { useSearchParams } from 'react-router';
import { ErrorState } from '@/components/page/error-state';
import { PageLoader } from '@/components/page/page-loader';
import { ReportToolbar } from '@/components/page/report-toolbar';
import { RichTextView } from '@/components/resource/rich-text-view';
import { paths } from '@/config/paths';
import { toAppError } from '@/lib/errors';
import { formatDate, formatDays } from '@/lib/format/date';
import { pb } from '@/lib/pocketbase';
import { equalsFilter, useFullList, useRecord } from '@/lib/records';
import { useSlicedQuery } from '@/lib/sliced-query';
import { durationDays, type ActivityRecord, type ProjectRecord } from '../types';

/** How long the page waits after rendering before it opens the print dialog (fonts, layout). */
const PRINT_DELAY_MS = 800;

const PROJECT_SECTIONS = [
  'details',
  'objectives',
  'targeted_groups',
  'context_dependant_topics',
  'narrative_report',
] as const;
const ACTIVITY_SECTIONS = [
  'description',
  'challenges',
  'how_challenges_faced',
  'success_stories',
  'partners',
  'lessons',
  'recommendations',
] as const;

/** Fetches the server's PDF of the report with the session's token and saves it. */
async function downloadPdf(id: string, lang: string, code: string): Promise<void> {
  const res = await fetch(
    pb.buildURL(`/api/projects/${encodeURIComponent(id)}/report.pdf?lang=${lang}`),
    {
      headers: { Authorization: pb.authStore.token },
    },
  );
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { message?: string };
    throw new Error(body.message ?? res.statusText);
  }
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = `${code || 'project'}-report.pdf`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <Text size="sm">
      <Text span fw={700}>
        {label}:
      </Text>{' '}
      <bdi>{value}</bdi>
    </Text>
  );
}

/**
 * `/projects/:id/report`: everything the old report shows, printable (the toolbar hides in
 * print), the print dialog opening once it has rendered (`?print=0` skips it), and
 * "Download PDF" rendered by the server.
 */
export function ProjectReport({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const project = useRecord<ProjectRecord>('projects', id);
  const activities = useFullList<ActivityRecord>('projects_activities', {
    filter: equalsFilter('project', id),
    sort: 'starting_date,created',
  });
  const pdf = useSlicedQuery({
    queryKey: ['projects', 'report-pdf'],
    queryFn: () => pb.send<{ available: boolean }>('/api/projects/report-pdf', {}),
  });
  const [downloading, setDownloading] = useState(false);
  const [pdfError, setPdfError] = useState<string | null>(null);
  const ready = Boolean(project.data && activities.data);
  const autoPrint = params.get('print') !== '0';

  useEffect(() => {
    if (!ready || !autoPrint) return;
    const timer = setTimeout(() => window.print(), PRINT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [ready, autoPrint]);

  useEffect(() => {
    if (project.data) document.title = `${project.data.title} · ${t('pages.projectReport')}`;
  }, [project.data, t]);

  if (project.isError)
    return <ErrorState error={project.error} onRetry={() => void project.refetch()} />;
  if (activities.isError)
    return <ErrorState error={activities.error} onRetry={() => void activities.refetch()} />;
  if (!project.data || !activities.data) return <PageLoader />;
  const p = project.data;
  const list = activities.data;
  const days = durationDays(p.starting_date, p.end_date);
  const none = t('common.none');

  return (
    <Container component="main" size="md" py="xl" className="project-report">
      <Stack gap="md">
        <ReportToolbar
          back={{ to: paths.projects.view.getHref(id), label: t('projects.report.back') }}
          printLabel={t('projects.report.print')}
        >
          <Button
            leftSection={<IconDownload size={16} />}
            loading={downloading}
            disabled={pdf.data?.available === false}
            onClick={() => {
              setDownloading(true);
              setPdfError(null);
              downloadPdf(id, i18n.language === 'ar' ? 'ar' : 'en', p.code)
                .catch((e: unknown) => setPdfError(toAppError(e).message))
                .finally(() => setDownloading(false));
            }}
          >
            {t('projects.report.pdf')}
          </Button>
        </ReportToolbar>
        {pdf.data?.available === false && (
          <Alert className="report-toolbar" color="yellow" variant="light" role="status">
            {t('projects.report.pdfUnavailable')}
          </Alert>
        )}
        {pdfError && (
          <Alert className="report-toolbar" color="red" variant="light" role="alert">
            {t('projects.report.pdfFailed', { message: pdfError })}
          </Alert>
        )}
        <Box>
          <Title order={1}>{t('projects.report.heading')}</Title>
          <Text size="sm" c="dimmed">
            {t('projects.report.date', { date: formatDate(new Date()) })}
          </Text>
        </Box>
        <Divider />
        <Stack gap={4}>
          <Field label={t('projects.report.projectTitle')} value={p.title} />
          <Field label={t('projects.fields.place')} value={p.place || none} />
          <Field label={t('projects.report.startsAt')} value={formatDate(p.starting_date)} />
          <Field label={t('projects.report.endsAt')} value={formatDate(p.end_date)} />
          <Field
            label={t('projects.report.duration')}
            value={days === null ? none : formatDays(days)}
          />
        </Stack>
        {PROJECT_SECTIONS.map((name) => (
          <Box key={name} component="section">
            <Title order={2} fz="lg" mb={4}>
              {t(`projects.fields.${name}`)}
            </Title>
            <RichTextView html={p[name]} empty={none} />
          </Box>
        ))}
        <Divider />
        <Title order={2}>{t('projects.report.activities')}</Title>
        <Text>{t('projects.report.count', { count: list.length })}</Text>
        <List type="ordered">
          {list.map((a) => (
            <List.Item key={a.id}>{a.title}</List.Item>
          ))}
        </List>
        {list.map((a, i) => (
          <Stack key={a.id} gap="xs" className="report-activity" component="article">
            <Divider />
            <Title order={3} fz="md">
              {i + 1}. {a.title}
            </Title>
            <Field label={t('projects.fields.place')} value={a.place || none} />
            <Field label={t('projects.report.startsAt')} value={formatDate(a.starting_date)} />
            <Field label={t('projects.report.endsAt')} value={formatDate(a.end_date)} />
            <Field
              label={t('projects.report.participants')}
              value={String(a.audience_count ?? 0)}
            />
            {ACTIVITY_SECTIONS.map((name) => (
              <Box key={name}>
                <Text fw={700} size="sm">
                  {t(`projects.activityFields.${name}`)}
                </Text>
                <RichTextView html={a[name]} empty={none} />
              </Box>
            ))}
          </Stack>
        ))}
      </Stack>
    </Container>
  );
}
