import { Alert } from '@mantine/core';
import {
  IconBriefcase,
  IconCash,
  IconKey,
  IconPhone,
  IconUser,
  type Icon,
} from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { FormSteps, stepSubmit, type StepFlow } from '@/components/form/form-steps';
import { FormShell } from '@/components/form/form-shell';
import { useUnsavedChanges } from '@/components/form/unsaved-changes';
import { useForm } from '@/components/form/basics/use-form';
import { MIN_PASSWORD_LENGTH } from '@/config/constants';
import { useCan } from '@/lib/session';
import { fileUrl } from '@/lib/data/records';
import { useEmployeeOptions } from '../../api/get-employee-options';
import { useRoleOptions } from '@/components/resource/role-options';
import { useAllowanceOptions, useDeductionOptions } from '../../api/get-salary-options';
import type { EmployeeRecord } from '../../types';
import {
  canEdit,
  employeeRules,
  FIELD_STEP,
  firstStepWithError,
  invalidFields,
  usesDefaultPassword,
  visibleSteps,
  type EmployeeField,
  type EmployeeFormAccess,
  type EmployeeFormValues,
  type StepId,
} from '../../utils/employee-form';
import { shownOnDemand } from '@/lib/on-demand';
import { ContactStep } from './contact-step';
import { PersonalStep } from './personal-step';

// The later steps are fetched when reached (the first is shown at once): with them the form was
// the heaviest page of the app, over 300 KB (bench/README.md, "every route under 300 KB").
const EmploymentStep = shownOnDemand(
  async () => (await import('./employment-step')).EmploymentStep,
);
const SalaryStep = shownOnDemand(async () => (await import('./salary-step')).SalaryStep);
const AuthStep = shownOnDemand(async () => (await import('./auth-step')).AuthStep);

const STEP_ICONS: Record<StepId, Icon> = {
  personal: IconUser,
  contact: IconPhone,
  employment: IconBriefcase,
  salary: IconCash,
  auth: IconKey,
};

type EmployeeWizardProps = {
  access: EmployeeFormAccess;
  initialValues: EmployeeFormValues;
  /** The stored employee (update), for its avatar and the titles of its choices. */
  record?: EmployeeRecord;
  submitting: boolean;
  /** The server's message, shown above the form; the input is kept. */
  serverError?: string | null;
  /** Saves; `showFieldErrors` puts the server's field messages under the fields (and opens their step). */
  onSubmit: (
    values: EmployeeFormValues,
    showFieldErrors: (errors: Record<string, string>) => void,
  ) => void;
  onCancel: () => void;
};

/**
 * The five-step employee form (Personal, Contact, Employment, Salary, Authentication). Any step
 * can be opened; Save validates everything and opens the first step with an error.
 */
export function EmployeeWizard({
  access,
  initialValues,
  record,
  submitting,
  serverError,
  onSubmit,
  onCancel,
}: EmployeeWizardProps) {
  const { t } = useTranslation();
  const steps = useMemo(() => visibleSteps(access), [access]);
  const [active, setActive] = useState(0);
  const [passwordOpen, setPasswordOpen] = useState(false);
  // Summaries (alert, step marks) appear after a save attempt, as today; fields flag on blur.
  const [attempted, setAttempted] = useState(false);

  const canReadProjects = useCan('projects.read');
  const canManageOptions = useCan('hr_settings.create', 'hr_settings.update');
  const canOpenSalarySettings = useCan('salary_setting.read');
  const options = useEmployeeOptions();
  const salaryVisible = steps.includes('salary');
  const allowanceOptions = useAllowanceOptions(salaryVisible && canOpenSalarySettings);
  const deductionOptions = useDeductionOptions(salaryVisible && canOpenSalarySettings);
  const roles = useRoleOptions(access.canAuth);

  const rules = useMemo(
    () =>
      employeeRules(access, {
        name: t('employees.validation.name'),
        email: t('employees.validation.email'),
        section: t('employees.validation.section'),
        position: t('employees.validation.position'),
        status: t('employees.validation.status'),
        salary: t('employees.validation.salary'),
        roles: t('employees.validation.roles'),
        password: t('employees.validation.password', { min: MIN_PASSWORD_LENGTH }),
        passwordConfirm: t('employees.validation.passwordConfirm'),
        oldPassword: t('employees.validation.oldPassword'),
        tooLong: (max) => t('form.tooLong', { max }),
      }),
    [access, t],
  );
  const form = useForm<EmployeeFormValues>({ initialValues, rules });
  const guard = useUnsavedChanges(form.dirty, submitting);
  const editable = (field: EmployeeField) => canEdit(access, field);

  const openErrors = (fields: readonly string[]) => {
    const step = firstStepWithError(fields, steps);
    if (step !== null) setActive(step);
    if (fields.some((f) => f === 'oldPassword' || f === 'password' || f === 'passwordConfirm')) {
      setPasswordOpen(true);
    }
  };

  const showFieldErrors = (errors: Record<string, string>) => {
    guard.rearm();
    setAttempted(true);
    form.setServerErrors(errors);
    openErrors(Object.keys(errors));
  };

  const save = () => {
    setAttempted(true);
    const bad = invalidFields(form.values, rules);
    form.validate();
    if (bad.length > 0) {
      openErrors(bad);
      return;
    }
    guard.release();
    onSubmit(form.values, showFieldErrors);
  };

  const last = active === steps.length - 1;
  const flow: StepFlow = {
    active,
    total: steps.length,
    onStepChange: setActive,
    saveEverywhere: access.mode === 'update',
  };
  const stepsWithErrors = new Set(
    attempted
      ? (Object.keys(form.errors) as EmployeeField[]).map((f) => FIELD_STEP[f]).filter(Boolean)
      : [],
  );
  const step = steps[active] ?? steps[0];
  const stepProps = { form, access, editable };

  const expand = record?.expand;
  const storedOptions = {
    employment_type: expand?.employment_type,
    shift: expand?.shift,
    employment_section: expand?.employment_section,
    employment_position: expand?.employment_position,
    qualification: expand?.qualification,
  };

  let content;
  switch (step) {
    case 'personal':
      content = (
        <PersonalStep
          {...stepProps}
          currentAvatarUrl={record ? fileUrl(record, record.avatar, '200x200') : null}
        />
      );
      break;
    case 'contact':
      content = <ContactStep {...stepProps} />;
      break;
    case 'employment':
      content = (
        <EmploymentStep
          {...stepProps}
          options={options.byKind}
          optionsLoading={options.isPending}
          known={storedOptions}
          canReadProjects={canReadProjects}
          projectTitle={expand?.project?.title}
          canManageOptions={canManageOptions}
        />
      );
      break;
    case 'salary':
      content = (
        <SalaryStep
          {...stepProps}
          allowanceOptions={{
            data: allowanceOptions.data,
            isError: allowanceOptions.isError || !canOpenSalarySettings,
            isPending: allowanceOptions.isPending && canOpenSalarySettings,
          }}
          deductionOptions={{
            data: deductionOptions.data,
            isError: deductionOptions.isError || !canOpenSalarySettings,
            isPending: deductionOptions.isPending && canOpenSalarySettings,
          }}
          storedItems={[...(expand?.allowances ?? []), ...(expand?.deductions ?? [])]}
          canOpenSalarySettings={canOpenSalarySettings}
        />
      );
      break;
    case 'auth':
      content = (
        <AuthStep
          {...stepProps}
          roles={roles.data ?? []}
          rolesLoading={roles.isPending}
          passwordOpen={passwordOpen}
          onPasswordOpenChange={setPasswordOpen}
        />
      );
      break;
  }

  return (
    <FormShell
      label={access.mode === 'create' ? t('pages.employeeNew') : t('pages.employeeUpdate')}
      onSubmit={stepSubmit(flow, save)}
      guard={guard}
      serverError={serverError}
      invalid={attempted && form.status === 'invalid'}
      submitting={submitting}
      onCancel={onCancel}
      steps={flow}
    >
      <FormSteps
        steps={steps.map((id) => ({
          id,
          label: t(`employees.wizard.step_${id}`),
          icon: STEP_ICONS[id],
          hasErrors: stepsWithErrors.has(id),
        }))}
        active={active}
        onStepChange={setActive}
      >
        {content}
        {last && usesDefaultPassword(access) && (
          <Alert variant="light" color="blue" mt="lg">
            {t('employees.wizard.defaultPasswordNote')}
          </Alert>
        )}
      </FormSteps>
    </FormShell>
  );
}
