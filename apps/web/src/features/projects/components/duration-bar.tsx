import { Group, Paper, Text } from '@mantine/core';
import { IconArrowNarrowLeft, IconArrowNarrowRight, IconMapPin } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { formatDate, formatDays } from '@/lib/format/date';
import { durationDays } from '../types';

/** "Place | start — N days — end" under a project's or an activity's title. */
export function DurationBar({ place, start, end }: { place: string; start: string; end: string }) {
  const { t, i18n } = useTranslation();
  const days = durationDays(start, end);
  const Arrow = i18n.dir() === 'rtl' ? IconArrowNarrowLeft : IconArrowNarrowRight;
  return (
    <Paper withBorder radius="lg" p="sm">
      <Group gap="md" wrap="wrap" justify="space-between">
        <Group gap={6}>
          <IconMapPin size={18} aria-hidden />
          <Text size="sm">{place || t('common.none')}</Text>
        </Group>
        <Group gap="xs" wrap="wrap">
          <Text size="sm" fw={600}>
            {formatDate(start)}
          </Text>
          <Arrow size={16} aria-hidden />
          <Text size="sm" c="dimmed">
            {days === null ? t('common.none') : formatDays(days)}
          </Text>
          <Arrow size={16} aria-hidden />
          <Text size="sm" fw={600}>
            {formatDate(end)}
          </Text>
        </Group>
      </Group>
    </Paper>
  );
}
