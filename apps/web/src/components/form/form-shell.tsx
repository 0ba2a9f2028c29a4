import { Alert, Button, Group, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { StepButtons, type StepFlow } from './form-steps';
import type { UnsavedChangesGuard } from './unsaved-changes';
import type { UseFormReturn } from './basics/use-form';

/** What a page's save is given: puts the server's field errors under the fields. */
export type ShowFieldErrors = (errors: Record<string, string>) => void;

/**
 * A one-page form's submit: the guard lets the save's navigation through, and the save may put
 * the server's field errors under the fields, which arms the guard again (the person stays).
 */
export function guardedSubmit<V>(
  form: UseFormReturn<V>,
  guard: UnsavedChangesGuard,
  save: (values: V, showFieldErrors: ShowFieldErrors) => void,
) {
  return form.onSubmit((values) => {
    guard.release();
    save(values, (errors) => {
      guard.rearm();
      form.setServerErrors(errors);
    });
  });
}

type FormShellProps = {
  /** The form's accessible name. */
  label: string;
  /** `form.onSubmit(…)`, or `stepSubmit(…)` for a form in steps. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The page's unsaved-changes guard (`useUnsavedChanges`): Cancel leaves through it. */
  guard: UnsavedChangesGuard;
  /** The server's message, above the fields; what was typed is kept. */
  serverError?: string | null;
  /** More of the refusal, under its message (field errors no field on the form shows). */
  serverDetails?: ReactNode;
  /** Says above the fields that some of them need attention. */
  invalid: boolean;
  submitting: boolean;
  /** Cancel leaves through the guard; without it no Cancel is shown (a form in a page's panel). */
  onCancel?: () => void;
  /** Above the fields, under the notices (a workflow's fixed fields). */
  notice?: ReactNode;
  /** The space between the parts (default "lg"; "md" in a dialog). */
  gap?: 'md' | 'lg';
  /** The save button's text (default "Save"). */
  submitLabel?: string;
  /** A form in steps: Cancel, Back / Next and Save of `StepButtons` instead of Cancel and Save. */
  steps?: StepFlow;
  children: ReactNode;
};

/**
 * What every page form around its fields has: the server's refusal and the "check the fields"
 * notice above them, Cancel and Save (or a step form's buttons) below, and the Stay / Leave
 * dialog of the unsaved-changes guard. The role, user, employee and person forms stand on it, and
 * so does every record's form in a dialog or a page's panel (EntryForm).
 */
export function FormShell({
  label,
  onSubmit,
  guard,
  serverError,
  serverDetails,
  invalid,
  submitting,
  onCancel,
  submitLabel,
  steps,
  notice,
  gap = 'lg',
  children,
}: FormShellProps) {
  const { t } = useTranslation();
  const cancel = onCancel && guard.deliberately(onCancel);
  return (
    <form noValidate aria-label={label} onSubmit={onSubmit}>
      <Stack gap={gap}>
        {serverError && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle size={18} />}
            role="alert"
            title={t('form.serverError')}
          >
            {serverError}
            {serverDetails}
          </Alert>
        )}
        {invalid && (
          <Alert color="orange" variant="light" role="status">
            {t('form.validationError')}
          </Alert>
        )}
        {notice}
        {children}
        {steps ? (
          <StepButtons
            {...steps}
            submitting={submitting}
            onCancel={cancel ?? (() => undefined)}
            saveLabel={submitLabel}
          />
        ) : (
          <Group justify="flex-end" gap="xs">
            {cancel && (
              <Button variant="default" onClick={cancel} disabled={submitting}>
                {t('common.cancel')}
              </Button>
            )}
            <Button type="submit" loading={submitting}>
              {submitLabel ?? t('common.save')}
            </Button>
          </Group>
        )}
      </Stack>
      {guard.dialog}
    </form>
  );
}
