import { SimpleGrid, Skeleton } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorState } from '@/components/page/error-state';

type SummaryCardsProps<S> = {
  query: UseQueryResult<S>;
  /** Cards in a row from `md` up (two a row below, unless `narrowCols`). */
  cols: number;
  narrowCols?: number;
  label: string;
  children: (summary: S) => ReactNode;
  /** Shown under the cards (hours by project). */
  below?: (summary: S) => ReactNode;
};

/** The figures above a tab's records: loading shapes, the error, then the cards. */
export function SummaryCards<S>({
  query,
  cols,
  narrowCols = 2,
  label,
  children,
  below,
}: SummaryCardsProps<S>) {
  if (query.isError) {
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  }
  const grid = { cols: { base: narrowCols, md: cols }, spacing: { base: 'xs', sm: 'md' } };
  if (!query.data) {
    return (
      <SimpleGrid {...grid}>
        {Array.from({ length: cols }, (_, i) => (
          <Skeleton key={i} h={92} radius="lg" />
        ))}
      </SimpleGrid>
    );
  }
  return (
    <>
      <SimpleGrid {...grid} aria-label={label}>
        {children(query.data)}
      </SimpleGrid>
      {below?.(query.data)}
    </>
  );
}
