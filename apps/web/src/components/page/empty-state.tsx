import { Stack, Text, ThemeIcon } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import type { ReactNode } from 'react';

type EmptyStateProps = { title: string; description?: ReactNode; action?: ReactNode };

/** What a list or a section shows when it has nothing. */
export function EmptyState({ title, description, action }: EmptyStateProps) {
  return (
    <Stack align="center" gap={6} py="xl" ta="center" data-testid="empty-state">
      <ThemeIcon variant="light" size={48} radius="xl">
        <IconInbox size={26} stroke={1.6} />
      </ThemeIcon>
      <Text fw={600}>{title}</Text>
      {description && (
        <Text c="dimmed" size="sm">
          {description}
        </Text>
      )}
      {action}
    </Stack>
  );
}
