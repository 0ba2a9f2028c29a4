import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format/date';
import { useGrantSummaries } from '../api';

/** The dashboard's reminder: each grant's next open reporting deadline, soonest first. */
export function NextDeadlines() {
  const { t } = useTranslation();
  const summaries = useGrantSummaries();
  const due = [...(summaries.data?.values() ?? [])]
    .filter((g) => g.next_deadline)
    .sort((a, b) => a.next_deadline!.due_on.localeCompare(b.next_deadline!.due_on))
    .slice(0, 5);
  if (due.length === 0) return null;
  return (
    <Stack
      gap="sm"
      component="section"
      aria-labelledby="next-deadlines"
      data-testid="next-deadlines"
    >
      <Title order={2} fz="lg" id="next-deadlines">
        {t('finance.deadlines.upcoming')}
      </Title>
      <Paper withBorder radius="lg" p="md">
        <Stack gap="xs">
          {due.map((g) => (
            <Group key={g.id} justify="space-between" wrap="wrap" gap="xs">
              <Anchor component={Link} to={paths.finance.grants.getHref()} size="sm" fw={600}>
                {g.title}
              </Anchor>
              <Text size="sm">
                {t(`finance.deadlines.kinds.${g.next_deadline!.kind}`)} ·{' '}
                <span className="ltr-value">{formatDate(g.next_deadline!.due_on)}</span>
              </Text>
            </Group>
          ))}
        </Stack>
      </Paper>
    </Stack>
  );
}
