import {
  Alert,
  Box,
  Button,
  Grid,
  Group,
  Paper,
  Stack,
  Stepper,
  Text,
  useDirection,
} from '@mantine/core';
import {
  IconAddressBook,
  IconAlertCircle,
  IconArrowLeft,
  IconArrowRight,
  IconExclamationMark,
  IconIdBadge2,
  IconUser,
} from '@tabler/icons-react';
import { fieldOf, members } from '@app/schema';
import { useMediaQuery } from '@mantine/hooks';
import { useMemo, useState, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { AvatarPicker } from '@/components/form/avatar-picker';
import { DateField } from '@/components/form/date-field';
import { PhoneListField } from '@/components/form/phone-list-field';
import { rules, textRules } from '@/components/form/rules';
import { SelectField } from '@/components/form/select-fields';
import { TextareaField } from '@/components/form/textarea-field';
import { TextField } from '@/components/form/text-fields';
import { useUnsavedChanges } from '@/components/form/unsaved-changes';
import { useForm, type FormRules, type UseFormReturn } from '@/components/form/use-form';
import { firstStepWithError, invalidFields, PERSON_STEPS, stepOfField } from './person-form-steps';
import { PERSON_SEXES, PERSON_STATUSES, todayInput, type PersonFormValues } from './person-values';

type PersonFormProps = {
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
 * Moving between steps (or saving) with the mouse does not blur the field first: a blur would
 * show its error, move the buttons under the pointer and swallow the click.
 */
const keepFocus = (event: MouseEvent) => event.preventDefault();

/**
 * A member or volunteer in three steps (personal, contact, membership). Saving checks every
 * step and opens the first one with an error; the server's field errors do the same.
 */
export function PersonForm({
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
  const { dir } = useDirection();
  const flip = dir === 'rtl' ? { transform: 'scaleX(-1)' } : undefined;
  const [active, setActive] = useState(0);
  // Like today's form, the summary of errors shows once saving was tried.
  const [attempted, setAttempted] = useState(false);
  // On phones the steps show their icons only; the open step's name is written above its fields.
  const compact = useMediaQuery('(max-width: 36em)');
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
  const last = PERSON_STEPS.length - 1;

  const stepHasError = (index: number) =>
    (PERSON_STEPS[index].fields as readonly (keyof PersonFormValues)[]).some(
      (field) => form.errors[field],
    );

  const showFieldErrors = (errors: Record<string, string>) => {
    guard.rearm();
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

  const stepLabels = [t('hrPeople.steps.personal'), t('hrPeople.steps.contact'), detailsLabel];
  const unplacedErrors = Object.entries(form.errors).filter(
    ([field, message]) => message && stepOfField(field) < 0,
  );

  return (
    <form
      noValidate
      aria-label={submitLabel}
      onSubmit={(event) => {
        event.preventDefault();
        // Enter moves on through a new person's steps; it saves from the last one.
        if (mode === 'create' && active < last) setActive(active + 1);
        else save();
      }}
    >
      <Stack gap="lg">
        {serverError && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle size={18} />}
            role="alert"
            title={t('form.serverError')}
          >
            {serverError}
            {unplacedErrors.map(([field, message]) => (
              <div key={field}>
                {field}: {message}
              </div>
            ))}
          </Alert>
        )}
        {attempted && form.status === 'invalid' && (
          <Alert color="orange" variant="light" role="status">
            {t('form.validationError')}
          </Alert>
        )}
        <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
          <Stepper
            active={active}
            onStepClick={setActive}
            allowNextStepsSelect
            size="sm"
            iconSize={36}
            wrap={false}
            styles={{
              steps: { paddingBottom: 4 },
              stepLabel: { whiteSpace: 'nowrap' },
              stepBody: compact ? { display: 'none' } : undefined,
              separator: compact ? { marginInline: 6 } : undefined,
            }}
          >
            {PERSON_STEPS.map((step, index) => {
              const Icon = STEP_ICONS[index];
              const hasError = stepHasError(index);
              return (
                <Stepper.Step
                  key={step.key}
                  label={stepLabels[index]}
                  aria-label={stepLabels[index]}
                  color={hasError ? 'red' : undefined}
                  icon={hasError ? <IconExclamationMark size={18} /> : <Icon size={18} />}
                  completedIcon={hasError ? <IconExclamationMark size={18} /> : <Icon size={18} />}
                  description={hasError && attempted ? t('hrPeople.form.stepHasErrors') : undefined}
                  onMouseDown={keepFocus}
                >
                  <Box pt="md">
                    {compact && (
                      <Text fw={600} mb="sm" c={hasError ? 'red.7' : undefined}>
                        {t('hrPeople.form.stepOf', {
                          step: index + 1,
                          total: PERSON_STEPS.length,
                          label: stepLabels[index],
                        })}
                      </Text>
                    )}
                    {index === 0 && (
                      <Stack gap="md">
                        <AvatarPicker
                          value={form.values.avatar}
                          onChange={(file) => form.setValue('avatar', file)}
                          currentUrl={form.values.removeAvatar ? null : currentAvatarUrl}
                          onRemoveCurrent={() => form.setValue('removeAvatar', true)}
                          name={form.values.name}
                          error={form.errors.avatar}
                        />
                        <Grid gap="md">
                          <Grid.Col span={12}>
                            <TextField
                              label={t('hrPeople.fields.name')}
                              required
                              autoComplete="off"
                              {...form.field('name')}
                            />
                          </Grid.Col>
                          <Grid.Col span={{ base: 12, sm: 6 }}>
                            <SelectField
                              label={t('hrPeople.fields.sex')}
                              placeholder={t('hrPeople.form.choose')}
                              clearable
                              allowDeselect
                              data={PERSON_SEXES.map((s) => ({
                                value: s,
                                label: t(`hrPeople.sex.${s}`),
                              }))}
                              {...form.field('sex')}
                            />
                          </Grid.Col>
                          <Grid.Col span={{ base: 12, sm: 6 }}>
                            <DateField
                              label={t('hrPeople.fields.birthDate')}
                              maxDate={todayInput()}
                              {...form.field('birth_date')}
                            />
                          </Grid.Col>
                        </Grid>
                      </Stack>
                    )}
                    {index === 1 && (
                      <Grid gap="md">
                        <Grid.Col span={12}>
                          <TextField
                            label={t('hrPeople.fields.address')}
                            autoComplete="off"
                            {...form.field('address')}
                          />
                        </Grid.Col>
                        <Grid.Col span={{ base: 12, sm: 6 }}>
                          <TextField
                            label={t('hrPeople.fields.email')}
                            type="email"
                            autoComplete="off"
                            dir="ltr"
                            {...form.field('email')}
                          />
                        </Grid.Col>
                        <Grid.Col span={{ base: 12, sm: 6 }}>
                          <PhoneListField
                            label={t('hrPeople.fields.phones')}
                            {...form.field('phone_numbers')}
                          />
                        </Grid.Col>
                      </Grid>
                    )}
                    {index === 2 && (
                      <Grid gap="md">
                        <Grid.Col span={{ base: 12, sm: 6 }}>
                          <DateField
                            label={t('hrPeople.fields.joiningDate')}
                            {...form.field('starting_date')}
                          />
                        </Grid.Col>
                        <Grid.Col span={{ base: 12, sm: 6 }}>
                          <SelectField
                            label={t('hrPeople.fields.status')}
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
                          <TextareaField
                            label={t('hrPeople.fields.notes')}
                            {...form.field('notes')}
                          />
                        </Grid.Col>
                      </Grid>
                    )}
                  </Box>
                </Stepper.Step>
              );
            })}
          </Stepper>
        </Paper>
        <Group justify="space-between" gap="xs">
          <Button variant="default" onClick={guard.deliberately(onCancel)} disabled={submitting}>
            {t('common.cancel')}
          </Button>
          <Group gap="xs">
            {active > 0 && (
              <Button
                variant="default"
                onMouseDown={keepFocus}
                onClick={() => setActive(active - 1)}
                leftSection={<IconArrowLeft size={16} style={flip} />}
              >
                {t('hrPeople.form.previous')}
              </Button>
            )}
            {active < last && (
              <Button
                variant={mode === 'update' ? 'default' : 'filled'}
                onMouseDown={keepFocus}
                onClick={() => setActive(active + 1)}
                rightSection={<IconArrowRight size={16} style={flip} />}
              >
                {t('hrPeople.form.next')}
              </Button>
            )}
            {(active === last || mode === 'update') && (
              <Button type="button" onMouseDown={keepFocus} onClick={save} loading={submitting}>
                {submitLabel}
              </Button>
            )}
          </Group>
        </Group>
      </Stack>
      {guard.dialog}
    </form>
  );
}
