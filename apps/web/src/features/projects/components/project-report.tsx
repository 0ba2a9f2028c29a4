import {
  ACTIVITY_REPORT_SECTIONS,
  PROJECT_REPORT_SECTIONS,
  reportDays,
  type ProjectReportData,
} from '@app/schema';
import {
  Alert,
  Box,
  Button,
  Container,
  Divider,
  Group,
  Image,
  List,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { useSearchParams } from 'react-router';
import { ErrorState } from '@/components/page/error-state';
import { PageLoader } from '@/components/page/page-loader';
import { ReportToolbar } from '@/components/page/report-toolbar';
import { protectedFileUrl, useFileToken } from '@/components/resource/file-links';
import { RichTextView } from '@/components/resource/rich-text-view';
import { useOrganisationSettings } from '@/components/workflow/use-organisation-settings';
import { paths } from '@/config/paths';
import { toAppError } from '@/lib/errors';
import { formatDate } from '@/lib/format/date';
import { formatMoney } from '@/lib/format/money';
import { Ltr } from '@/components/person/ltr';
import { pb } from '@/lib/pocketbase';
import { useSlicedQuery } from '@/lib/sliced-query';
import { useProjectReport } from '../report-api';

/** How long the page waits after rendering before it opens the print dialog (fonts, layout). */
const PRINT_DELAY_MS = 800;

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

/** The organisation's name, logo and address, as the PDF prints them at the top. */
function Letterhead() {
  const settings = useOrganisationSettings().data;
  const token = useFileToken().data;
  if (!settings || (!settings.name && !settings.address && !settings.logo)) return null;
  return (
    <Group gap="md" wrap="nowrap" pb="xs" className="report-letterhead">
      {settings.logo && (
        <Image
          src={protectedFileUrl(settings, settings.logo, token, '200x200')}
          h={56}
          w="auto"
          fit="contain"
          alt={settings.name}
        />
      )}
      <Stack gap={0}>
        {settings.name && (
          <Text fw={700} c="var(--mantine-primary-color-filled)">
            <bdi>{settings.name}</bdi>
          </Text>
        )}
        {settings.address && (
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'pre-line', unicodeBidi: 'plaintext' }}>
            {settings.address}
          </Text>
        )}
      </Stack>
    </Group>
  );
}

/** The staff, timeline and finance summary: the sections the PDF prints between them. */
function MoreSections({ data }: { data: ProjectReportData }) {
  const { t } = useTranslation();
  const none = t('projects.report.none');
  const { staff, timeline, finance } = data;
  const money = (v: number) => <Ltr>{formatMoney(v, finance?.vault.currency || undefined)}</Ltr>;
  return (
    <>
      {staff && (
        <Box component="section">
          <Title order={2}>{t('projects.report.staff.title')}</Title>
          <Text>{t('projects.report.staff.count', { count: staff.length })}</Text>
          {staff.length > 0 && (
            <Table mt="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('projects.report.staff.name')}</Table.Th>
                  <Table.Th>{t('projects.report.staff.type')}</Table.Th>
                  <Table.Th>{t('projects.report.staff.position')}</Table.Th>
                  <Table.Th>{t('projects.report.staff.description')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {staff.map((s, i) => (
                  <Table.Tr key={i}>
                    <Table.Td>
                      <bdi>{s.name || none}</bdi>
                    </Table.Td>
                    <Table.Td>{t(`projects.report.staff.types.${s.type}`)}</Table.Td>
                    <Table.Td>
                      <bdi>{s.position}</bdi>
                    </Table.Td>
                    <Table.Td style={{ unicodeBidi: 'plaintext' }}>
                      {s.description || none}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Box>
      )}
      {timeline && (
        <Box component="section">
          <Title order={2}>{t('projects.report.timeline.title')}</Title>
          <Text>{t('projects.report.timeline.count', { count: timeline.length })}</Text>
          {timeline.map((post, i) => (
            <Box key={i} component="article" ps={post.reply ? 'lg' : 0} pt="xs">
              <Text size="sm" c="dimmed">
                {post.reply && `${t('projects.report.timeline.reply')} · `}
                <bdi>
                  {t('projects.report.timeline.by', {
                    date: formatDate(post.created),
                    author: post.author || none,
                  })}
                </bdi>
              </Text>
              {post.title && (
                <Title order={3} fz="md">
                  <bdi>{post.title}</bdi>
                </Title>
              )}
              <RichTextView html={post.post} empty={none} />
            </Box>
          ))}
        </Box>
      )}
      {finance && (
        <Box component="section">
          <Title order={2}>{t('projects.report.finance.title')}</Title>
          <Field label={t('projects.report.finance.vault')} value={finance.vault.title} />
          <Table mt="xs">
            <Table.Tbody>
              {(
                [
                  ['budget', finance.budget.total],
                  ['budgetUsed', finance.budget.used],
                  ['budgetHeld', finance.budget.held],
                  ['budgetRemaining', finance.budget.remaining],
                  ['donations', finance.donations],
                  ['fees', finance.fees],
                  ['used', finance.used],
                  ['onHold', finance.on_hold],
                  ['remaining', finance.remaining],
                  ['free', finance.free],
                ] as const
              ).map(([key, value]) => (
                <Table.Tr key={key}>
                  <Table.Th fw={400}>{t(`projects.report.finance.${key}`)}</Table.Th>
                  <Table.Td ta="end">{money(value)}</Table.Td>
                </Table.Tr>
              ))}
              <Table.Tr>
                <Table.Th fw={400}>
                  {t('projects.report.finance.requests', { count: finance.requests.count })}
                </Table.Th>
                <Table.Td ta="end">{money(finance.requests.total)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th fw={400}>
                  {t('projects.report.finance.purchases', { count: finance.purchases.count })}
                </Table.Th>
                <Table.Td ta="end">{money(finance.purchases.total)}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </Box>
      )}
    </>
  );
}

/**
 * `/projects/:id/report`: the same document as the server's PDF (the same data, sections and
 * words, packages/schema documents/project-report.ts), printable (the toolbar hides in print),
 * the print dialog opening once it has rendered (`?print=0` skips it), and "Download PDF"
 * rendered by the server.
 */
export function ProjectReport({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const report = useProjectReport(id);
  const pdf = useSlicedQuery({
    queryKey: ['projects', 'report-pdf'],
    queryFn: () => pb.send<{ available: boolean }>('/api/projects/report-pdf', {}),
  });
  const [downloading, setDownloading] = useState(false);
  const [pdfError, setPdfError] = useState<string | null>(null);
  const ready = Boolean(report.data);
  const autoPrint = params.get('print') !== '0';

  useEffect(() => {
    if (!ready || !autoPrint) return;
    const timer = setTimeout(() => window.print(), PRINT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [ready, autoPrint]);

  useEffect(() => {
    if (report.data) document.title = `${report.data.project.title} · ${t('pages.projectReport')}`;
  }, [report.data, t]);

  if (report.isError)
    return <ErrorState error={report.error} onRetry={() => void report.refetch()} />;
  if (!report.data) return <PageLoader />;
  const p = report.data.project;
  const list = report.data.activities;
  const days = reportDays(p.starting_date, p.end_date);
  const none = t('projects.report.none');

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
        <Letterhead />
        <Box>
          <Title order={1}>{t('projects.report.heading')}</Title>
          <Text size="sm" c="dimmed">
            {t('projects.report.date', { date: formatDate(new Date()) })}
          </Text>
        </Box>
        <Title order={2}>{p.title}</Title>
        <Stack gap={4}>
          <Field label={t('projects.report.projectTitle')} value={p.title} />
          <Field label={t('projects.report.place')} value={p.place || none} />
          <Field label={t('projects.report.startsAt')} value={formatDate(p.starting_date, none)} />
          <Field label={t('projects.report.endsAt')} value={formatDate(p.end_date, none)} />
          <Field
            label={t('projects.report.duration')}
            value={days === null ? none : t('projects.report.days', { count: days })}
          />
        </Stack>
        {PROJECT_REPORT_SECTIONS.map((name) => (
          <Box key={name} component="section">
            <Title order={3} fz="lg" mb={4}>
              {t(`projects.report.sections.${name}`)}
            </Title>
            <RichTextView html={p[name] ?? ''} empty={none} />
          </Box>
        ))}
        <MoreSections data={report.data} />
        {list && (
          <>
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
                <Field label={t('projects.report.place')} value={a.place || none} />
                <Field
                  label={t('projects.report.startsAt')}
                  value={formatDate(a.starting_date, none)}
                />
                <Field label={t('projects.report.endsAt')} value={formatDate(a.end_date, none)} />
                <Field
                  label={t('projects.report.participants')}
                  value={String(a.audience_count ?? 0)}
                />
                {ACTIVITY_REPORT_SECTIONS.map((name) => (
                  <Box key={name}>
                    <Text fw={700} size="sm">
                      {t(`projects.report.activitySections.${name}`)}
                    </Text>
                    <RichTextView html={a[name] ?? ''} empty={none} />
                  </Box>
                ))}
              </Stack>
            ))}
          </>
        )}
      </Stack>
    </Container>
  );
}
