import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ownDirection } from '@/lib/format/own-direction';

/** A labelled value on a profile; empty values read "None". */
export function InfoField({
  label,
  children,
  empty,
}: {
  label: string;
  children?: ReactNode;
  /** Shown when `children` is empty. */
  empty?: string;
}) {
  const blank =
    children === null || children === undefined || children === '' || children === false;
  return (
    <Stack gap={2} miw={0}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      {blank ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : typeof children === 'string' || typeof children === 'number' ? (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {ownDirection(children)}
        </Text>
      ) : (
        children
      )}
    </Stack>
  );
}
