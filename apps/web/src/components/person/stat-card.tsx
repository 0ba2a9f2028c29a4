import { Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';

/** One figure of a summary (total paid, hours this year…). */
export function StatCard({
  label,
  value,
  hint,
  icon,
  color = 'brand',
  ltr = false,
}: {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  icon?: ReactNode;
  color?: string;
  /** The value is a number, an amount or a date: keep its left-to-right order in Arabic. */
  ltr?: boolean;
}) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} h="100%">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Stack gap={4} miw={0}>
          <Text size="xs" c="dimmed" fw={600} tt="uppercase">
            {label}
          </Text>
          <Text fw={700} fz={{ base: 'lg', sm: 'xl' }} lh={1.2}>
            {ltr ? <span className="ltr-value">{value}</span> : value}
          </Text>
          {hint && (
            <Text size="xs" c="dimmed">
              {hint}
            </Text>
          )}
        </Stack>
        {icon && (
          <ThemeIcon variant="light" color={color} size={38} radius="xl" visibleFrom="sm">
            {icon}
          </ThemeIcon>
        )}
      </Group>
    </Paper>
  );
}
