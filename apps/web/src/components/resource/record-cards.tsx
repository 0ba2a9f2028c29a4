import { Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ListResult, RecordModel } from 'pocketbase';
import { useId, type ReactNode } from 'react';
import { EmptyState } from '@/components/page/empty-state';
import { ErrorState } from '@/components/page/error-state';

export type RecordCardsProps<T extends RecordModel> = {
  title: string;
  query: Pick<
    UseInfiniteQueryResult<InfiniteData<ListResult<T>>>,
    | 'data'
    | 'isPending'
    | 'isError'
    | 'error'
    | 'refetch'
    | 'hasNextPage'
    | 'fetchNextPage'
    | 'isFetchingNextPage'
  >;
  /** One record's card (its own buttons and labels). */
  renderItem: (record: T) => ReactNode;
  emptyTitle: string;
  /** "11 tasks" beside the title. */
  countText: (count: number) => string;
  /** "Load more (1 left)". */
  loadMoreText: (remaining: number) => string;
  /** Under the last page: "That's all". */
  endText: string;
};

/**
 * Records as a list of cards in a panel, a page at a time with "Load more": the card layout of
 * a child-record tab (an employee's tasks) beside the table one.
 */
export function RecordCards<T extends RecordModel>({
  title,
  query,
  renderItem,
  emptyTitle,
  countText,
  loadMoreText,
  endText,
}: RecordCardsProps<T>) {
  const headingId = useId();
  const pages = query.data?.pages ?? [];
  const items = pages.flatMap((p) => p.items);
  const total = pages[0]?.totalItems ?? 0;

  let body: ReactNode;
  if (query.isPending) {
    body = (
      <Stack gap="xs">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={56} radius="md" />
        ))}
      </Stack>
    );
  } else if (query.isError) {
    body = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  } else if (items.length === 0) {
    body = <EmptyState title={emptyTitle} />;
  } else {
    body = (
      <Stack gap="xs">
        {items.map((record) => (
          <div key={record.id}>{renderItem(record)}</div>
        ))}
        <Group justify="center" mt="xs">
          {query.hasNextPage ? (
            <Button
              variant="light"
              onClick={() => void query.fetchNextPage()}
              loading={query.isFetchingNextPage}
            >
              {loadMoreText(Math.max(0, total - items.length))}
            </Button>
          ) : (
            <Text size="sm" c="dimmed">
              {endText}
            </Text>
          )}
        </Group>
      </Stack>
    );
  }

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby={headingId}
    >
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="md" id={headingId}>
            {title}
          </Title>
          {total > 0 && (
            <Text size="sm" c="dimmed">
              {countText(total)}
            </Text>
          )}
        </Group>
        {body}
      </Stack>
    </Paper>
  );
}
