import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { PageFrame } from '@/components/page/page-frame';
import type { Rule } from '@/components/form/rules';
import { RecordSection } from '@/components/resource/record-section';
import { WorkflowBadge } from '@/components/workflow/workflow-badge';
import { paths } from '@/config/paths';
import { formatDate, fromApiDate, toApiDate } from '@/lib/format/date';
import { RESOURCE_MIN_TEXT } from '@app/schema';
import { RESOURCES, postFileUrl, useFileToken, type ResourceRecord } from '../api';
import { ResourcePreview } from './post-preview';
import { minTextRule } from './rules';
import { websiteTexts } from './texts';

type ResourceValues = {
  title: string;
  embed_script: string;
  full_text: string;
  tags: string[];
  attachments: File[];
  status: string | null;
  published_at: string | null;
};

/** /manage-website/resources: videos, podcasts, books, reports and others for the public website. */
export function ResourcesScreen() {
  const { t } = useTranslation();
  const token = useFileToken().data;
  const [previewing, setPreviewing] = useState<ResourceRecord | null>(null);
  // Stored attachments the editor took away in the open dialog (removed on save).
  const [removed, setRemoved] = useState<string[]>([]);
  const textRule: Rule<never, ResourceValues> = minTextRule(
    RESOURCE_MIN_TEXT,
    t('website.hints.tooShort', { min: RESOURCE_MIN_TEXT }),
  );

  return (
    <PageFrame
      title={t('pages.resources')}
      description={t('website.resources.help')}
      breadcrumbs={[
        { label: t('nav.home'), to: paths.home.getHref() },
        { label: t('nav.modules.website') },
        { label: t('pages.resources') },
      ]}
    >
      <RecordSection<ResourceRecord, ResourceValues>
        collection={RESOURCES}
        list={{ sort: '-created' }}
        title={t('website.resources.title')}
        emptyTitle={t('website.resources.empty')}
        minWidth={860}
        columns={[
          { field: 'title', strong: true },
          {
            field: 'tags',
            render: (r) => (
              <Group gap={4} wrap="nowrap">
                {r.tags.map((tag) => (
                  <Badge key={tag} variant="light" tt="none">
                    {t(`website.tags.${tag}`)}
                  </Badge>
                ))}
              </Group>
            ),
          },
          {
            field: 'attachments',
            render: (r) =>
              r.attachments.length === 0 ? (
                '—'
              ) : (
                <Stack gap={0}>
                  {r.attachments.map((name) => (
                    <Anchor
                      key={name}
                      size="sm"
                      href={postFileUrl(r, name, token)}
                      target="_blank"
                      rel="noreferrer"
                    >
                      {name}
                    </Anchor>
                  ))}
                </Stack>
              ),
          },
          {
            field: 'status',
            render: (r) => (
              <Stack gap={2}>
                <WorkflowBadge collection={RESOURCES} status={r.status} />
                {r.published_at && (
                  <Text size="xs" c="dimmed">
                    {formatDate(r.published_at)}
                  </Text>
                )}
              </Stack>
            ),
          },
          {
            key: 'preview',
            header: t('website.preview.label'),
            render: (r) => (
              <Button
                size="compact-sm"
                variant="light"
                leftSection={<IconEye size={14} aria-hidden />}
                aria-label={t('website.preview.of', { name: r.title })}
                onClick={() => setPreviewing(r)}
              >
                {t('website.preview.label')}
              </Button>
            ),
          },
        ]}
        texts={websiteTexts<ResourceRecord>(t, 'resources', (r) => r.title)}
        dialog={{
          size: 'lg',
          onOpen: () => setRemoved([]),
          fields: (row) => [
            { name: 'title' },
            {
              name: 'embed_script',
              widget: 'textarea',
              placeholder: '<embed script />',
              description: t('website.hints.embedHelp'),
              props: { minRows: 3, dir: 'ltr' },
            },
            { name: 'full_text', rules: [textRule] },
            {
              name: 'tags',
              half: true,
              optionLabel: (tag) => t(`website.tags.${tag}`),
            },
            {
              name: 'status',
              half: true,
            },
            {
              name: 'published_at',
              half: true,
              description: t('website.hints.publishedAtHelp'),
              props: { clearable: true },
            },
            {
              name: 'attachments',
              props: {
                current: (row?.attachments ?? [])
                  .filter((name) => !removed.includes(name))
                  .map((name) => ({ name, url: postFileUrl(row!, name, token) })),
                onRemoveCurrent: (name: string) => setRemoved((list) => [...list, name]),
              },
            },
          ],
          initialValues: (r) => ({
            title: r?.title ?? '',
            embed_script: r?.embed_script ?? '',
            full_text: r?.full_text ?? '',
            tags: r?.tags ?? [],
            attachments: [],
            status: r?.status || 'draft',
            published_at: r ? fromApiDate(r.published_at) : null,
          }),
          toBody: (v) => ({
            title: v.title.trim(),
            embed_script: v.embed_script.trim(),
            full_text: v.full_text,
            tags: v.tags,
            status: v.status ?? 'draft',
            published_at: toApiDate(v.published_at),
            ...(v.attachments.length > 0 ? { 'attachments+': v.attachments } : {}),
            ...(removed.length > 0 ? { 'attachments-': removed } : {}),
          }),
        }}
      />
      {previewing && <ResourcePreview resource={previewing} onClose={() => setPreviewing(null)} />}
    </PageFrame>
  );
}
