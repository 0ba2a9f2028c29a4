import {
  Alert,
  Anchor,
  Avatar,
  Button,
  Card,
  Group,
  Image,
  Pagination,
  Paper,
  Skeleton,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconMessageReply, IconRobot, IconSend } from '@tabler/icons-react';
import type { RecordModel } from 'pocketbase';
import { useId, useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { FilePicker } from '@/components/form/file-picker';
import { RichTextField } from '@/components/form/rich-text-field';
import { TextField } from '@/components/form/basics/text-fields';
import { TextareaField } from '@/components/form/textarea-field';
import { EmptyState } from '@/components/page/empty-state';
import { ErrorState } from '@/components/page/error-state';
import { toAppError } from '@/lib/errors';
import { formatDateTime } from '@/lib/format/date';
import { isQueued } from '@/lib/offline/outbox-runtime';
import { andFilters, equalsFilter, fileUrl, useFullList, useRecordList } from '@/lib/data/records';
import { RichTextView } from './rich-text-view';
import { useCanAct } from './common/use-can-act';
import { useSaveOrQueue } from './use-records';
import { labelsOf } from './field-label';

/** Posts per page, as in the old app. */
export const TIMELINE_PAGE_SIZE = 5;

export type TimelinePost = RecordModel & {
  creator: string;
  title: string;
  post: string;
  reply_to: string;
  photos?: string[];
  expand?: { creator?: RecordModel & { name?: string } };
};

/** Plain text typed in a reply, as the paragraph HTML the timeline stores. */
function paragraphs(text: string): string {
  const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return text
    .split(/\n{2,}/)
    .map((p) => `<p>${escape(p.trim()).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/** One post (or reply): its author (or "System" for posts the server wrote), time and text. */
function PostCard({ post, reply = false }: { post: TimelinePost; reply?: boolean }) {
  const { t } = useTranslation();
  const author = post.expand?.creator?.name;
  const system = !post.creator;
  return (
    <Card
      withBorder
      radius="md"
      padding="sm"
      bg={system ? 'var(--mantine-color-gray-0)' : undefined}
      component="article"
      aria-label={post.title || t('timeline.replyOf', { name: author ?? t('timeline.system') })}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Avatar radius="xl" size={reply ? 'sm' : 'md'} color={system ? 'gray' : 'blue'}>
          {system ? <IconRobot size={18} aria-hidden /> : (author ?? '?').slice(0, 1)}
        </Avatar>
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs" justify="space-between" wrap="wrap">
            <Text fw={600} size="sm">
              {system ? t('timeline.system') : (author ?? t('timeline.unknownAuthor'))}
            </Text>
            <Text size="xs" c="dimmed">
              {formatDateTime(post.created)}
            </Text>
          </Group>
          {post.title && (
            <Title order={3} fz="md">
              {post.title}
            </Title>
          )}
          <RichTextView html={post.post} empty="" />
          {(post.photos?.length ?? 0) > 0 && <PostPhotos post={post} />}
        </Stack>
      </Group>
    </Card>
  );
}

/** A post's photos: thumbnails, each opening the photo in full in a new tab. */
function PostPhotos({ post }: { post: TimelinePost }) {
  const { t } = useTranslation();
  const photos = post.photos ?? [];
  const title = post.title || t('timeline.untitled');
  return (
    <SimpleGrid cols={{ base: 3, sm: 4 }} spacing="xs" maw={560}>
      {photos.map((name, i) => {
        const alt = t('timeline.photoOf', { n: i + 1, count: photos.length, title });
        return (
          <Anchor
            key={name}
            href={fileUrl(post, name) ?? undefined}
            target="_blank"
            rel="noopener"
            aria-label={t('timeline.openPhoto', { name: alt })}
          >
            <Image
              src={fileUrl(post, name, '200x200')}
              alt={alt}
              radius="sm"
              w="100%"
              style={{ aspectRatio: '1 / 1', objectFit: 'cover' }}
              loading="lazy"
            />
          </Anchor>
        );
      })}
    </SimpleGrid>
  );
}

function ReplyForm({
  collection,
  owner,
  post,
  onDone,
}: {
  collection: string;
  owner: { field: string; id: string };
  post: TimelinePost;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  // A reply made in the field waits in the outbox, as a post does.
  const save = useSaveOrQueue(collection);
  return (
    <form
      noValidate
      aria-label={t('timeline.replyTo', { title: post.title })}
      onSubmit={(e) => {
        e.preventDefault();
        if (!text.trim()) return;
        save.mutate(
          {
            body: { [owner.field]: owner.id, reply_to: post.id, post: paragraphs(text) },
            queueAs: {
              label: t('timeline.queuedReplyLabel'),
              texts: {
                post: t('timeline.replyDetails'),
                [owner.field]: t(`timeline.owner.${owner.field}`),
              },
            },
          },
          { onSuccess: onDone },
        );
      }}
    >
      <Stack gap="xs">
        {save.error && (
          <Alert color="red" variant="light" role="alert">
            {toAppError(save.error).message}
          </Alert>
        )}
        <TextareaField
          label={t('timeline.replyDetails')}
          minRows={2}
          value={text}
          onChange={setText}
          dir={text ? 'auto' : undefined}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" size="xs" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" size="xs" loading={save.isPending} disabled={!text.trim()}>
            {t('timeline.sendReply')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * A record's timeline (a project's or an activity's): a form to post (subject and details),
 * the posts five per page, latest first, each with its replies and a reply form.
 */
export default function TimelineThread({
  collection,
  owner,
}: {
  /** `projects_timelines` or `activities_timelines`. */
  collection: string;
  /** The field that names the parent and the parent's id. */
  owner: { field: string; id: string };
}) {
  const { t } = useTranslation();
  const label = labelsOf(t, collection);
  const canPost = useCanAct(collection, 'create');
  const headingId = useId();
  const [page, setPage] = useState(1);
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [replying, setReplying] = useState<string | null>(null);
  // A post made in the field waits in the outbox without a connection (its photos made smaller).
  const save = useSaveOrQueue(collection);
  const posts = useRecordList<TimelinePost>(collection, {
    page,
    perPage: TIMELINE_PAGE_SIZE,
    sort: '-created,-id',
    filter: andFilters(equalsFilter(owner.field, owner.id), 'reply_to = ""'),
    expand: 'creator',
  });
  const shown = posts.data?.items ?? [];
  const replies = useFullList<TimelinePost>(
    collection,
    {
      sort: 'created,id',
      filter: andFilters(
        equalsFilter(owner.field, owner.id),
        shown.map((p) => equalsFilter('reply_to', p.id)).join(' || '),
      ),
      expand: 'creator',
    },
    { enabled: shown.length > 0 },
  );
  const fieldError = save.error ? toAppError(save.error).fieldErrors : {};

  return (
    <Stack gap="lg">
      {canPost && (
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section">
          <form
            noValidate
            aria-label={t('timeline.create')}
            onSubmit={(e) => {
              e.preventDefault();
              save.mutate(
                {
                  body: {
                    [owner.field]: owner.id,
                    title: title.trim(),
                    post: body,
                    ...(photos.length > 0 ? { photos } : {}),
                  },
                  queueAs: {
                    label: t('timeline.queuedLabel'),
                    texts: {
                      title: label('title'),
                      post: label('post'),
                      photos: label('photos'),
                      [owner.field]: t(`timeline.owner.${owner.field}`),
                    },
                  },
                },
                {
                  onSuccess: (saved) => {
                    setTitle('');
                    setBody('');
                    setPhotos([]);
                    if (!isQueued(saved)) setPage(1);
                  },
                },
              );
            }}
          >
            <Stack gap="sm">
              <Title order={2} fz="lg">
                {t('timeline.create')}
              </Title>
              {save.error && !Object.keys(fieldError).length && (
                <Alert color="red" variant="light" role="alert">
                  {toAppError(save.error).message}
                </Alert>
              )}
              <TextField
                label={label('title')}
                required
                value={title}
                onChange={setTitle}
                error={fieldError.title}
                dir={title ? 'auto' : undefined}
              />
              <RichTextField
                label={label('post')}
                required
                value={body}
                onChange={setBody}
                onBlur={() => undefined}
                error={fieldError.post}
              />
              <FilePicker
                label={label('photos')}
                description={t('timeline.photosHint')}
                multiple
                accept="image/jpeg,image/png,image/webp"
                value={photos}
                onChange={(files) => setPhotos(files.slice(0, 10))}
                error={fieldError.photos}
              />
              <Group justify="flex-end">
                <Button
                  type="submit"
                  leftSection={<IconSend size={16} />}
                  loading={save.isPending}
                  disabled={title.trim().length < 3 || !body.replace(/<[^>]*>/g, '').trim()}
                >
                  {t('timeline.post')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      )}
      <Stack gap="md" component="section" aria-labelledby={headingId}>
        <Title order={2} fz="lg" id={headingId}>
          {t('timeline.posts')}
        </Title>
        {posts.isError ? (
          <ErrorState error={posts.error} onRetry={() => void posts.refetch()} />
        ) : !posts.data ? (
          <Skeleton h={120} />
        ) : shown.length === 0 ? (
          <EmptyState title={t('timeline.empty')} />
        ) : (
          shown.map((post) => (
            <Stack key={post.id} gap="xs">
              <PostCard post={post} />
              <Stack gap="xs" ps={{ base: 'md', sm: 'xl' }}>
                {(replies.data ?? [])
                  .filter((r) => r.reply_to === post.id)
                  .map((reply) => (
                    <PostCard key={reply.id} post={reply} reply />
                  ))}
                {canPost &&
                  (replying === post.id ? (
                    <ReplyForm
                      collection={collection}
                      owner={owner}
                      post={post}
                      onDone={() => setReplying(null)}
                    />
                  ) : (
                    <Group>
                      <Button
                        variant="subtle"
                        size="xs"
                        leftSection={<IconMessageReply size={14} />}
                        onClick={() => setReplying(post.id)}
                        aria-label={t('timeline.replyTo', { title: post.title })}
                      >
                        {t('timeline.reply')}
                      </Button>
                    </Group>
                  ))}
              </Stack>
            </Stack>
          ))
        )}
        {(posts.data?.totalPages ?? 0) > 1 && (
          <Pagination
            value={page}
            onChange={setPage}
            total={posts.data?.totalPages ?? 1}
            size="sm"
            getControlProps={(control) => ({ 'aria-label': t(`table.pagination.${control}`) })}
            getItemProps={(n) => ({ 'aria-label': t('table.pagination.page', { page: n }) })}
          />
        )}
      </Stack>
    </Stack>
  );
}
