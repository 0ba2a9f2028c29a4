import { Badge, Group, Image, Modal, Stack, Text, Title } from '@mantine/core';
import { fieldLabelKey } from '@/components/resource/field-label';
import { useTranslation } from '@/lib/i18n/use-translation';
import { RichTextView } from '@/components/resource/rich-text-view';
import { formatDate } from '@/lib/format/date';
import { WorkflowBadge } from '@/components/workflow/workflow-badge';
import { postFileUrl, useFileToken, type ArticleRecord, type ResourceRecord } from '../api';

/**
 * An embed code drawn in a sandboxed frame of its own: the server already kept only https
 * players, and the sandbox (no same-origin) means even a player cannot reach the back office.
 */
export function EmbedPreview({ html, title }: { html: string; title: string }) {
  if (!html.trim()) return null;
  return (
    <iframe
      title={title}
      srcDoc={`<!doctype html><meta charset="utf-8"><style>body{margin:0}iframe,video,audio{max-width:100%}</style>${html}`}
      sandbox="allow-scripts allow-popups allow-presentation"
      referrerPolicy="no-referrer"
      style={{ width: '100%', minHeight: 240, border: 0, borderRadius: 8 }}
    />
  );
}

/** How the public website shows an article: cover, title, short description, text. */
export function ArticlePreview({
  article,
  onClose,
}: {
  article: ArticleRecord;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const token = useFileToken().data;
  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      radius="lg"
      title={t('website.preview.titleOf', { name: article.title })}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md" component="article">
        {article.cover_image && (
          <Image
            src={postFileUrl(article, article.cover_image, token, '960x540')}
            alt={t(fieldLabelKey('blog_articles', 'cover_image'))}
            radius="md"
            h={260}
            fit="cover"
          />
        )}
        <Group gap="xs">
          <WorkflowBadge collection="blog_articles" status={article.status} />
          {article.published_at && (
            <Text size="sm" c="dimmed">
              {formatDate(article.published_at)}
            </Text>
          )}
        </Group>
        <Title order={2}>{article.title}</Title>
        {article.short_description && <Text c="dimmed">{article.short_description}</Text>}
        <RichTextView html={article.full_text} empty={t('common.none')} />
      </Stack>
    </Modal>
  );
}

/** How the public website shows a resource: its player, its post and its files. */
export function ResourcePreview({
  resource,
  onClose,
}: {
  resource: ResourceRecord;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const token = useFileToken().data;
  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      radius="lg"
      title={t('website.preview.titleOf', { name: resource.title })}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md" component="article">
        <Group gap={6}>
          {resource.tags.map((tag) => (
            <Badge key={tag} variant="light" tt="none">
              {t(`website.tags.${tag}`)}
            </Badge>
          ))}
        </Group>
        <EmbedPreview
          html={resource.embed_script}
          title={t(fieldLabelKey('website_resources', 'embed_script'))}
        />
        <RichTextView html={resource.full_text} empty={t('common.none')} />
        {resource.attachments.length > 0 && (
          <Stack gap={4}>
            <Text fw={600}>{t(fieldLabelKey('website_resources', 'attachments'))}</Text>
            {resource.attachments.map((name) => (
              <a
                key={name}
                href={postFileUrl(resource, name, token)}
                target="_blank"
                rel="noreferrer"
              >
                {name}
              </a>
            ))}
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}
