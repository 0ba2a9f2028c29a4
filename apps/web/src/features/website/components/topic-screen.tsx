import { Button, Image, Skeleton, Text } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { useParams } from 'react-router';
import { ErrorState } from '@/components/page/error-state';
import { HistoryButton } from '@/components/activity/history-button';
import { PageFrame } from '@/components/page/page-frame';
import type { Rule } from '@/components/form/rules';
import { RecordSection } from '@/components/resource/record-section';
import { WorkflowBadge } from '@/components/workflow/workflow-badge';
import { paths } from '@/config/paths';
import { fromApiDate, toApiDate } from '@/lib/format/date';
import { equalsFilter, useRecord } from '@/lib/data/records';
import { ARTICLE_MIN_TEXT } from '@app/schema';
import {
  ARTICLES,
  TOPICS,
  postFileUrl,
  useFileToken,
  type ArticleRecord,
  type TopicRecord,
} from '../api';
import { ArticlePreview } from './post-preview';
import { websiteTexts } from './texts';
import { minTextRule } from './rules';

type ArticleValues = {
  title: string;
  short_description: string;
  full_text: string;
  cover_image: File[];
  status: string | null;
  published_at: string | null;
  slug: string;
};

/** /manage-website/topics/:id: one topic's articles, written, previewed and published here. */
export function TopicScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const topic = useRecord<TopicRecord>(TOPICS, id);
  const token = useFileToken().data;
  const [previewing, setPreviewing] = useState<ArticleRecord | null>(null);
  // The stored cover the editor took away in the open dialog (sent as a cleared field).
  const [coverRemoved, setCoverRemoved] = useState(false);
  const title = topic.data
    ? t('website.topic.titleOf', { name: topic.data.title })
    : t('pages.topic');
  const textRule: Rule<never, ArticleValues> = minTextRule(
    ARTICLE_MIN_TEXT,
    t('website.hints.tooShort', { min: ARTICLE_MIN_TEXT }),
  );

  return (
    <PageFrame
      title={title}
      description={topic.data?.description || undefined}
      breadcrumbs={[
        { label: t('nav.home'), to: paths.home.getHref() },
        { label: t('pages.topics'), to: paths.website.topics.getHref() },
        { label: topic.data?.title ?? t('pages.topic') },
      ]}
      actions={<HistoryButton collection={TOPICS} record={id} />}
    >
      {topic.isError ? (
        <ErrorState error={topic.error} onRetry={() => void topic.refetch()} />
      ) : !topic.data ? (
        <Skeleton h={200} />
      ) : (
        <RecordSection<ArticleRecord, ArticleValues>
          collection={ARTICLES}
          list={{ sort: '-created', filter: equalsFilter('topic', id) }}
          title={t('website.articles.title')}
          emptyTitle={t('website.articles.empty')}
          minWidth={820}
          columns={[
            {
              field: 'cover_image',
              render: (r) =>
                r.cover_image ? (
                  <Image
                    src={postFileUrl(r, r.cover_image, token, '100x100')}
                    w={48}
                    h={48}
                    radius="sm"
                    alt={t('website.articles.coverOf', { name: r.title })}
                  />
                ) : (
                  <Text c="dimmed">—</Text>
                ),
            },
            { field: 'title', strong: true },
            { field: 'short_description', long: true },
            {
              field: 'status',
              render: (r) => <WorkflowBadge collection={ARTICLES} status={r.status} />,
            },
            { field: 'published_at' },
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
          texts={websiteTexts<ArticleRecord>(t, 'articles', (r) => r.title)}
          dialog={{
            size: 'lg',
            onOpen: () => setCoverRemoved(false),
            fields: (row) => [
              { name: 'title' },
              { name: 'short_description', widget: 'textarea' },
              { name: 'full_text', rules: [textRule] },
              {
                name: 'cover_image',
                props: {
                  accept: 'image/jpeg,image/png,image/webp,image/gif',
                  current:
                    row?.cover_image && !coverRemoved
                      ? [
                          {
                            name: row.cover_image,
                            url: postFileUrl(row, row.cover_image, token, '100x100'),
                          },
                        ]
                      : [],
                  onRemoveCurrent: () => setCoverRemoved(true),
                },
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
                name: 'slug',
                description: t('website.hints.slugHelp'),
                message: t('website.hints.slugInvalid'),
              },
            ],
            initialValues: (r) => ({
              title: r?.title ?? '',
              short_description: r?.short_description ?? '',
              full_text: r?.full_text ?? '',
              cover_image: [],
              status: r?.status || 'draft',
              published_at: r ? fromApiDate(r.published_at) : null,
              slug: r?.slug ?? '',
            }),
            toBody: (v) => ({
              topic: id,
              title: v.title.trim(),
              short_description: v.short_description.trim(),
              full_text: v.full_text,
              status: v.status ?? 'draft',
              published_at: toApiDate(v.published_at),
              slug: v.slug.trim(),
              ...(v.cover_image.length > 0
                ? { cover_image: v.cover_image[0] }
                : coverRemoved
                  ? { cover_image: null }
                  : {}),
            }),
          }}
        />
      )}
      {previewing && <ArticlePreview article={previewing} onClose={() => setPreviewing(null)} />}
    </PageFrame>
  );
}
