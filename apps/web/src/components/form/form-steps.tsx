import { Box, Button, Group, Paper, Stepper, Text, Title, useDirection } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconAlertCircle,
  IconArrowLeft,
  IconArrowRight,
  IconDeviceFloppy,
  type Icon,
} from '@tabler/icons-react';
import { useEffect, useRef, type FormEvent, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { validateValue } from './basics/form-state';
import type { FormRules } from './basics/use-form';

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

/**
 * Moving between steps (or saving) with the mouse does not blur the field first: the blur would
 * show the field's error and move the buttons under the pointer mid-click.
 */
const keepFocus = (event: MouseEvent) => event.preventDefault();

type FormStepsProps = {
  steps: readonly FormStep[];
  active: number;
  onStepChange: (index: number) => void;
  /** The open step's fields. */
  children: ReactNode;
};

/**
 * A form split into steps: the stepper (any step can be opened; a step with errors is marked
 * red), then the open step's name as the section heading (h2 under the page's h1), "Step 2 of 5"
 * and its fields. On phones the stepper shows icons only; on a laptop or a tablet, icons and the
 * open step's name. Opening another step brings the top of the form back into view, since the
 * buttons that open it sit under a long step. When the step change took the focus away (Enter in
 * a field, or Save going back to a step with an error), it goes to the step's first field with an
 * error, or else to its heading, so that Tab goes on from there and not from the page's top.
 */
export function FormSteps({ steps, active, onStepChange, children }: FormStepsProps) {
  const { t } = useTranslation();
  const mobile = useMediaQuery('(max-width: 47.99em)');
  // On a laptop beside the sidebar, or a tablet, five names in a row are wider than the card:
  // only the open step keeps its name there.
  const narrow = useMediaQuery('(max-width: 75em)');
  const step = steps[active] ?? steps[0];
  const shown = useRef(active);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const fieldsRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (shown.current === active) return;
    shown.current = active;
    if (window.scrollY > 0) window.scrollTo({ top: 0, behavior: 'smooth' });
    const focused = document.activeElement;
    if (!focused || focused === document.body) {
      const invalid = fieldsRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
      (invalid ?? headingRef.current)?.focus({ preventScroll: true });
    }
  }, [active]);
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
        aria-label={t('form.steps.label')}
      >
        {steps.map(({ id, label, icon: StepIcon, hasErrors }, index) => {
          const icon = hasErrors ? <IconAlertCircle size={18} /> : <StepIcon size={18} />;
          const named = !narrow || index === active;
          return (
            <Stepper.Step
              key={id}
              label={named ? label : undefined}
              description={hasErrors && named ? t('form.steps.hasErrors') : undefined}
              color={hasErrors ? 'red' : undefined}
              icon={icon}
              completedIcon={icon}
              aria-label={t('form.steps.stepOf', { step: index + 1, total: steps.length, label })}
              onMouseDown={keepFocus}
            />
          );
        })}
      </Stepper>
      <Box mt="lg">
        <Group justify="space-between" align="baseline" mb="md" gap="xs">
          <Title order={2} fz="lg" ref={headingRef} tabIndex={-1}>
            {step?.label}
          </Title>
          <Text size="sm" c="dimmed">
            {t('form.steps.progress', { step: active + 1, total: steps.length })}
          </Text>
        </Group>
        <div ref={fieldsRef}>{children}</div>
      </Box>
    </Paper>
  );
}

/** Where a form in steps stands; `stepSubmit` and `StepButtons` take the same one. */
export type StepFlow = {
  active: number;
  total: number;
  onStepChange: (index: number) => void;
  /** Save from every step (changing a record), not only from the last one (creating). */
  saveEverywhere: boolean;
};

/**
 * The submit handler of a form in steps, for its `<form onSubmit>`: Enter in a field (or Next)
 * moves on through a new record's steps and saves from the last one; changing a record, it saves.
 */
export function stepSubmit(
  { active, total, onStepChange, saveEverywhere }: StepFlow,
  onSave: () => void,
) {
  return (event: FormEvent) => {
    event.preventDefault();
    if (!saveEverywhere && active < total - 1) onStepChange(active + 1);
    else onSave();
  };
}

type StepButtonsProps = StepFlow & {
  submitting: boolean;
  onCancel: () => void;
  /** The save button's text when it is not "Save" ("Update"). */
  saveLabel?: string;
};

/**
 * Cancel, then Back / Next and Save under a form in steps (arrows follow the reading direction),
 * inside a `<form>` whose submit is `stepSubmit`. The form's main button (Next while creating,
 * else Save) is its submit button: without one, a browser submits nothing on Enter in a form of
 * several fields.
 */
export function StepButtons({
  active,
  total,
  onStepChange,
  saveEverywhere,
  submitting,
  onCancel,
  saveLabel,
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
            onMouseDown={keepFocus}
            onClick={() => onStepChange(active - 1)}
          >
            {t('form.steps.previous')}
          </Button>
        )}
        {!last && (
          // Creating, Next is the form's submit button (Enter moves on); changing, Save is.
          <Button
            type={saveEverywhere ? 'button' : 'submit'}
            variant={saveEverywhere ? 'default' : 'filled'}
            rightSection={<IconArrowRight size={16} style={flip} />}
            onMouseDown={keepFocus}
            onClick={saveEverywhere ? () => onStepChange(active + 1) : undefined}
          >
            {t('form.steps.next')}
          </Button>
        )}
        {(last || saveEverywhere) && (
          <Button
            type="submit"
            onMouseDown={keepFocus}
            loading={submitting}
            leftSection={<IconDeviceFloppy size={16} />}
          >
            {saveLabel ?? t('common.save')}
          </Button>
        )}
      </Group>
    </Group>
  );
}
