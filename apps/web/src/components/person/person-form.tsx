import { Grid, Stack } from '@mantine/core';
import { IconAddressBook, IconIdBadge2, IconUser } from '@tabler/icons-react';
import { fieldOf, members } from '@app/schema';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { FormAvatarPicker } from '@/components/form/avatar-picker';
import { DateField } from '@/components/form/date-field';
import { FormSteps, stepSubmit, type StepFlow } from '@/components/form/form-steps';
import { PhoneListField } from '@/components/form/phone-list-field';
import { rules, textRules } from '@/components/form/rules';
import { SelectField } from '@/components/form/select-fields';
import { TextareaField } from '@/components/form/textarea-field';
import { TextField } from '@/components/form/basics/text-fields';
import { FormShell } from '@/components/form/form-shell';
import { useUnsavedChanges } from '@/components/form/unsaved-changes';
import { useForm, type FormRules, type UseFormReturn } from '@/components/form/basics/use-form';
import { personLabels } from './person-labels';
import { firstStepWithError, invalidFields, PERSON_STEPS, stepOfField } from './person-form-steps';
import { PERSON_SEXES, PERSON_STATUSES, todayInput, type PersonFormValues } from './person-values';

type PersonFormProps = {
  /** Whose form: its fields' names are that collection's entries. */
  collection: 'members' | 'volunteers';
  mode: 'create' | 'update';
  initialValues: PersonFormValues;
  /** URL of the stored avatar (update). */
  currentAvatarUrl?: string | null;
  /** Label of the third step ("Membership", "Volunteering"). */
  detailsLabel: string;
  /** The third step's own fields, shown between the status and the notes. */
  renderDetails?: (form: UseFormReturn<PersonFormValues>) => ReactNode;
  extraRules?: FormRules<PersonFormValues>;
  submitting: boolean;
  /** The server's message, shown above the form; the input is kept. */
  serverError?: string | null;
  submitLabel: string;
  /** Saves; `showFieldErrors` puts the server's messages under the fields and opens their step. */
  onSubmit: (
    values: PersonFormValues,
    showFieldErrors: (errors: Record<string, string>) => void,
  ) => void;
  onCancel: () => void;
};

const STEP_ICONS = [IconUser, IconAddressBook, IconIdBadge2];

/**
 * A member or volunteer in three steps (personal, contact, membership). Saving checks every
 * step and opens the first one with an error; the server's field errors do the same.
 */
export function PersonForm({
  collection,
  mode,
  initialValues,
  currentAvatarUrl,
  detailsLabel,
  renderDetails,
  extraRules,
  submitting,
  serverError,
  submitLabel,
  onSubmit,
  onCancel,
}: PersonFormProps) {
  const { t } = useTranslation();
  const label = personLabels(t, collection);
  const [active, setActive] = useState(0);
  // Like today's form, the summary of errors and the steps' marks show once saving was tried.
  const [attempted, setAttempted] = useState(false);
  // Lengths come from the declaration members and volunteers share (`@app/schema`).
  const formRules = useMemo<FormRules<PersonFormValues>>(() => {
    const tooLong = (max: number) => t('hrPeople.form.tooLong', { max });
    return {
      name: textRules(fieldOf(members, 'name'), {
        required: t('hrPeople.form.nameRequired'),
        tooShort: t('hrPeople.form.nameMin'),
        tooLong,
      }),
      email: [rules.email(t('hrPeople.form.emailInvalid'))],
      birth_date: [
        (value: string | null) =>
          !value || value <= todayInput() ? true : t('hrPeople.form.birthDateFuture'),
      ],
      address: textRules(fieldOf(members, 'address'), { tooLong }),
      status: [rules.required(t('hrPeople.form.statusRequired'))],
      notes: textRules(fieldOf(members, 'notes'), { tooLong }),
      ...extraRules,
    };
  }, [t, extraRules]);
  const form = useForm<PersonFormValues>({ initialValues, rules: formRules });
  const guard = useUnsavedChanges(form.dirty, submitting);

  const stepHasError = (index: number) =>
    attempted &&
    (PERSON_STEPS[index].fields as readonly (keyof PersonFormValues)[]).some(
      (field) => form.errors[field],
    );

  const showFieldErrors = (errors: Record<string, string>) => {
    guard.rearm();
    setAttempted(true);
    form.setServerErrors(errors);
    const step = firstStepWithError(Object.keys(errors));
    if (step !== null) setActive(step);
  };

  const save = () => {
    setAttempted(true);
    if (!form.validate()) {
      // Open the first step with an error (today's form threw here instead).
      const step = firstStepWithError(invalidFields(form.values, formRules));
      if (step !== null) setActive(step);
      return;
    }
    guard.release();
    onSubmit(form.values, showFieldErrors);
  };

  const flow: StepFlow = {
    active,
    total: PERSON_STEPS.length,
    onStepChange: setActive,
    saveEverywhere: mode === 'update',
  };
  const stepLabels = [t('hrPeople.steps.personal'), t('hrPeople.steps.contact'), detailsLabel];
  const unplacedErrors = Object.entries(form.errors).filter(
    ([field, message]) => message && stepOfField(field) < 0,
  );

  return (
    <FormShell
      label={submitLabel}
      onSubmit={stepSubmit(flow, save)}
      guard={guard}
      serverError={serverError}
      serverDetails={unplacedErrors.map(([field, message]) => (
        <div key={field}>
          {field}: {message}
        </div>
      ))}
      invalid={attempted && form.status === 'invalid'}
      submitting={submitting}
      onCancel={onCancel}
      submitLabel={submitLabel}
      steps={flow}
    >
      <FormSteps
        steps={PERSON_STEPS.map((step, index) => ({
          id: step.key,
          label: stepLabels[index],
          icon: STEP_ICONS[index],
          hasErrors: stepHasError(index),
        }))}
        active={active}
        onStepChange={setActive}
      >
        {active === 0 && (
          <Stack gap="md">
            <FormAvatarPicker form={form} currentUrl={currentAvatarUrl} />
            <Grid gap="md">
              <Grid.Col span={12}>
                <TextField
                  label={label('name')}
                  required
                  autoComplete="off"
                  {...form.field('name')}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <SelectField
                  label={label('sex')}
                  placeholder={t('hrPeople.form.choose')}
                  clearable
                  allowDeselect
                  data={PERSON_SEXES.map((s) => ({ value: s, label: t(`hrPeople.sex.${s}`) }))}
                  {...form.field('sex')}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <DateField
                  label={label('birth_date')}
                  maxDate={todayInput()}
                  {...form.field('birth_date')}
                />
              </Grid.Col>
            </Grid>
          </Stack>
        )}
        {active === 1 && (
          <Grid gap="md">
            <Grid.Col span={12}>
              <TextField label={label('address')} autoComplete="off" {...form.field('address')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextField
                label={label('email')}
                type="email"
                autoComplete="off"
                dir="ltr"
                {...form.field('email')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <PhoneListField label={label('phone_numbers')} {...form.field('phone_numbers')} />
            </Grid.Col>
          </Grid>
        )}
        {active === 2 && (
          <Grid gap="md">
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <DateField label={label('starting_date')} {...form.field('starting_date')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <SelectField
                label={label('status')}
                required
                data={PERSON_STATUSES.map((s) => ({
                  value: s,
                  label: t(`hrPeople.status.${s}`),
                }))}
                {...form.field('status')}
              />
            </Grid.Col>
            {renderDetails?.(form)}
            <Grid.Col span={12}>
              <TextareaField label={label('notes')} {...form.field('notes')} />
            </Grid.Col>
          </Grid>
        )}
      </FormSteps>
    </FormShell>
  );
}
