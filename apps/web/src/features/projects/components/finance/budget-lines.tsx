import { Alert, Group, SimpleGrid, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { StatCard } from '@/components/person/stat-card';
import { labelsOf } from '@/components/resource/field-label';
import { RecordSection } from '@/components/resource/record-section';
import { equalsFilter, useFullList } from '@/lib/data/records';
import { Money, sectionTexts } from '@/components/resource/money';
import {
  BUDGET_LINES,
  lineRemaining,
  PROJECT_MONEY_MOVES,
  type BudgetLineRecord,
} from '../../finance-types';

/** Total, used, on hold and remaining over every line, in cents then back. */
function totals(lines: readonly BudgetLineRecord[]) {
  const sum = (pick: (l: BudgetLineRecord) => number | null | undefined) =>
    lines.reduce((cents, l) => cents + Math.round((pick(l) ?? 0) * 100), 0) / 100;
  const all = {
    budget: sum((l) => l.budget),
    used_amount: sum((l) => l.used_amount),
    held_amount: sum((l) => l.held_amount),
  };
  return { ...all, ...lineRemaining(all) };
}

/** Budget Lines: what the project may spend on, with what is used, on hold and left. */
export function BudgetLinesPanel({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const f = (key: string) => t(`projects.finance.lines.${key}`);
  const field = labelsOf(t, BUDGET_LINES);
  const filter = equalsFilter('project', projectId);
  const lines = useFullList<BudgetLineRecord>(BUDGET_LINES, { filter, sort: 'title' });
  const sum = lines.data ? totals(lines.data) : null;
  const lowLines = (lines.data ?? []).filter((l) => lineRemaining(l).low);

  return (
    <Stack gap="lg">
      {sum && (
        <SimpleGrid
          cols={{ base: 2, md: 4 }}
          spacing={{ base: 'xs', sm: 'md' }}
          aria-label={f('summary')}
        >
          <StatCard label={f('total')} value={<Money value={sum.budget} />} />
          <StatCard label={field('used_amount')} value={<Money value={sum.used_amount} />} />
          <StatCard label={field('held_amount')} value={<Money value={sum.held_amount} />} />
          <StatCard
            label={f('remaining')}
            value={<Money value={sum.remaining} />}
            color={sum.low ? 'orange' : 'brand'}
            icon={sum.low ? <IconAlertTriangle size={20} /> : undefined}
          />
        </SimpleGrid>
      )}
      {lowLines.length > 0 && (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />}>
          {t('projects.finance.lines.lowWarning', {
            count: lowLines.length,
            titles: lowLines.map((l) => l.title).join(', '),
          })}
        </Alert>
      )}
      <RecordSection<BudgetLineRecord, Record<string, unknown>>
        collection={BUDGET_LINES}
        alsoRefresh={PROJECT_MONEY_MOVES}
        list={{ sort: 'title', filter }}
        title={f('title')}
        help={f('help')}
        emptyTitle={f('empty')}
        minWidth={720}
        removable={(l) => !l.used_amount && !l.held_amount}
        columns={[
          { field: 'title', strong: true },
          { field: 'budget' },
          { field: 'used_amount' },
          { field: 'held_amount' },
          {
            key: 'remaining',
            header: f('remaining'),
            strong: true,
            render: (l) => {
              const { remaining, low } = lineRemaining(l);
              return (
                <Group gap={4} wrap="nowrap">
                  {low && (
                    <IconAlertTriangle
                      size={16}
                      color="var(--mantine-color-orange-filled)"
                      aria-hidden
                    />
                  )}
                  <Text span inherit c={low ? 'orange.9' : undefined}>
                    <Money value={remaining} />
                  </Text>
                  {low && <VisuallyHidden>{f('low')}</VisuallyHidden>}
                </Group>
              );
            },
          },
        ]}
        texts={sectionTexts<BudgetLineRecord>(t, 'lines', (l) => l.title, 'projects.finance')}
        dialog={{
          fields: [{ name: 'title' }, { name: 'budget' }, { name: 'details' }],
          fixed: { project: projectId },
        }}
      />
    </Stack>
  );
}
