import { Anchor, Group, Text } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import type { RecordModel } from 'pocketbase';
import { pb } from '@/lib/pocketbase';
import { useSlicedQuery } from '@/lib/sliced-query';

/**
 * A file token for protected files (bills, drafts' attachments): an <img> or a link sends no
 * Authorization header, so the URL carries a short-lived token. Renewed well before it expires.
 */
export function useFileToken() {
  return useSlicedQuery({
    queryKey: ['files', 'token'],
    queryFn: () => pb.files.getToken(),
    staleTime: 60_000,
    refetchInterval: 60_000,
  });
}

/** The URL of a record's file with the viewer's file token (thumbnail optional). */
export function protectedFileUrl(
  record: RecordModel,
  name: string,
  token: string | undefined,
  thumb?: string,
): string {
  return pb.files.getURL(record, name, {
    ...(token ? { token } : {}),
    ...(thumb ? { thumb } : {}),
  });
}

/** A record's stored files as links that open in a new tab; `empty` when it has none. */
export function FileLinks({
  record,
  names,
  empty,
  label,
}: {
  record: RecordModel;
  names: readonly string[] | null | undefined;
  empty: string;
  /** The group's accessible name ("Bills of …"). */
  label?: string;
}) {
  const token = useFileToken().data;
  if (!names || names.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  }
  return (
    <Group gap="xs" role="list" aria-label={label}>
      {names.map((name) => (
        <span role="listitem" key={name}>
          <Anchor
            size="sm"
            href={protectedFileUrl(record, name, token)}
            target="_blank"
            rel="noreferrer"
          >
            <Group gap={4} wrap="nowrap" component="span">
              <IconPaperclip size={14} aria-hidden />
              <span dir="ltr">{name}</span>
            </Group>
          </Anchor>
        </span>
      ))}
    </Group>
  );
}
