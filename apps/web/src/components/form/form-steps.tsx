import { Box, Button, Group, Paper, Stepper, Text, Title, useDirection } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconAlertCircle,
  IconArrowLeft,
  IconArrowRight,
  IconDeviceFloppy,
  type Icon,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { validateValue } from './form-state';
import type { FormRules } from './use-form';

/**
 * The fields whose rules fail for these values, in the values' order (computed now, not from
 * the form's state, so Save can open the right step before the form re-renders).
 */
export function invalidFieldsOf<V extends object>(values: V, rules: FormRules<V>): (keyof V)[] {
  const fields = [...new Set([...Object.keys(values), ...Object.keys(rules)])] as (keyof V &
    string)[];
  return fields.filter(
    (field) =>
      validateValue(values[field], rules[field] as Parameters<typeof validateValue>[1], values, 1)
        .length > 0,
  );
}

/** The first step (by index) holding one of these fields; null when none does. */
export function firstStepOf(
  fields: Iterable<string>,
  stepOf: (field: string) => number,
): number | null {
  let first: number | null = null;
  for (const field of fields) {
    const step = stepOf(field);
    if (step >= 0 && (first === null || step < first)) first = step;
  }
  return first;
}

export type FormStep = { id: string; label: string; icon: Icon; hasErrors?: boolean };

type FormStepsProps = {
  steps: readonly FormStep[];
  active: number;
  onStepChange: (index: number) => void;
  /** The stepper's accessible name ("Form steps"). */
  label: string;
  /** Texts: a step's accessible name, its error mark, and "Step 2 of 5". */
  stepOf: (index: number, total: number, label: string) => string;
  hasErrorsText: string;
  progress: (index: number, total: number) => string;
  /** The open step's fields. */
  children: ReactNode;
};

/**
 * A form split into steps: the stepper (any step can be opened; a step with errors is marked
 * red), then the open step's name as the section heading (h2 under the page's h1) and its
 * fields. On phones the stepper shows icons only; on a laptop or a tablet, icons and the open
 * step's name.
 */
export function FormSteps({
  steps,
  active,
  onStepChange,
  label,
  stepOf,
  hasErrorsText,
  progress,
  children,
}: FormStepsProps) {
  const mobile = useMediaQuery('(max-width: 48em)');
  // Beside the sidebar on a laptop or a tablet, five names in a row are wider than the card:
  // only the open step keeps its name there.
  const narrow = useMediaQuery('(max-width: 75em)');
  const step = steps[active] ?? steps[0];
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Stepper
        active={active}
        onStepClick={onStepChange}
        size="sm"
        iconSize={mobile ? 34 : 40}
        allowNextStepsSelect
        wrap={false}
        styles={mobile ? { stepBody: { display: 'none' } } : undefined}
        aria-label={label}
      >
        {steps.map(({ id, label: name, icon: StepIcon, hasErrors }, index) => {
          const icon = hasErrors ? <IconAlertCircle size={18} /> : <StepIcon size={18} />;
          return (
            <Stepper.Step
              key={id}
              label={!narrow || index === active ? name : undefined}
              description={hasErrors && (!narrow || index === active) ? hasErrorsText : undefined}
              color={hasErrors ? 'red' : undefined}
              icon={icon}
              completedIcon={icon}
              aria-label={stepOf(index + 1, steps.length, name)}
            />
          );
        })}
      </Stepper>
      <Box mt="lg">
        <Group justify="space-between" align="baseline" mb="md" gap="xs">
          <Title order={2} fz="lg">
            {step?.label}
          </Title>
          <Text size="sm" c="dimmed">
            {progress(active + 1, steps.length)}
          </Text>
        </Group>
        {children}
      </Box>
    </Paper>
  );
}

type StepButtonsProps = {
  active: number;
  total: number;
  onStepChange: (index: number) => void;
  /** Save on every step (changing a record), not only the last one (creating). */
  saveEverywhere: boolean;
  submitting: boolean;
  onCancel: () => void;
  onSave: () => void;
  labels: { previous: string; next: string };
};

/** Cancel, then Back / Next and Save under a form in steps (arrows follow the reading direction). */
export function StepButtons({
  active,
  total,
  onStepChange,
  saveEverywhere,
  submitting,
  onCancel,
  onSave,
  labels,
}: StepButtonsProps) {
  const { t } = useTranslation();
  const { dir } = useDirection();
  const flip = dir === 'rtl' ? { transform: 'scaleX(-1)' } : undefined;
  const last = active === total - 1;
  return (
    <Group justify="space-between" gap="xs">
      <Button variant="default" onClick={onCancel} disabled={submitting}>
        {t('common.cancel')}
      </Button>
      <Group gap="xs">
        {active > 0 && (
          <Button
            variant="default"
            leftSection={<IconArrowLeft size={16} style={flip} />}
            onClick={() => onStepChange(active - 1)}
          >
            {labels.previous}
          </Button>
        )}
        {!last && (
          <Button
            variant={saveEverywhere ? 'default' : 'filled'}
            rightSection={<IconArrowRight size={16} style={flip} />}
            onClick={() => onStepChange(active + 1)}
          >
            {labels.next}
          </Button>
        )}
        {(last || saveEverywhere) && (
          <Button
            type="button"
            onClick={onSave}
            loading={submitting}
            leftSection={<IconDeviceFloppy size={16} />}
          >
            {t('common.save')}
          </Button>
        )}
      </Group>
    </Group>
  );
}
