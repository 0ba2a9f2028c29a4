import { Button } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useTranslation } from '@/lib/i18n/use-translation';
import { useCan } from '@/lib/session';

/** The activity monitor showing the changes to one record and what it holds, newest first. */
export function recordHistoryHref(collection: string, record: string): string {
  const params = new URLSearchParams({ recordCollection: collection, record });
  return `${paths.monitor.all.getHref()}?${params.toString()}`;
}

/**
 * "History" beside a record's title: every change to it, who made it and when, in the activity
 * monitor. Shown to the accounts that may read the monitor.
 */
export function HistoryButton({
  collection,
  record,
  size = 'sm',
}: {
  collection: string;
  record: string;
  /** `compact-sm` beside a panel's small buttons (a request's workflow). */
  size?: 'sm' | 'compact-sm';
}) {
  const { t } = useTranslation();
  const canRead = useCan('activity_monitor.read');
  if (!canRead || !record) return null;
  return (
    <Button
      component={Link}
      to={recordHistoryHref(collection, record)}
      variant="default"
      size={size}
      leftSection={<IconHistory size={16} aria-hidden />}
    >
      {t('activity.history')}
    </Button>
  );
}
