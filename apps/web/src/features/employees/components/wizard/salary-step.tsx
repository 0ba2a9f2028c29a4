import { employees, fieldOf } from '@app/schema';
import { Alert, Anchor, Divider, Grid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Link } from 'react-router';
import { NumberField } from '@/components/form/number-field';
import { SelectField } from '@/components/form/select-fields';
import { BASE_CURRENCY } from '@/config/constants';
import { paths } from '@/config/paths';
import { formatMoney } from '@/lib/format/money';
import type { SalaryOption } from '../../types';
import { monthlySalary, resolveSalaryItems } from '../../utils/salary';
import { SalaryItemsTable, SalarySummary } from '../salary-tables';
import type { StepProps } from './step-props';

type OptionsState = { data: SalaryOption[] | undefined; isError: boolean; isPending: boolean };

type SalaryStepProps = StepProps & {
  allowanceOptions: OptionsState;
  deductionOptions: OptionsState;
  /** Options expanded on the stored record (readable even when the lists are not). */
  storedItems: SalaryOption[];
  canOpenSalarySettings: boolean;
};

function ItemsPicker({
  kind,
  options,
  storedItems,
  value,
  onChange,
  disabled,
  canOpenSalarySettings,
  basic,
}: {
  kind: 'allowances' | 'deductions';
  /** The basic salary percentage options are worked out from. */
  basic: number | null;
  options: OptionsState;
  storedItems: SalaryOption[];
  value: string[];
  onChange: (value: string[]) => void;
  disabled: boolean;
  canOpenSalarySettings: boolean;
}) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<string | null>(null);
  const available = options.data ?? [];
  const resolved = resolveSalaryItems(value, [...storedItems, ...available]);
  const choices = available
    .filter((o) => !value.includes(o.id))
    .map((o) => ({ value: o.id, label: `${o.title} | ${formatMoney(o.amount)}` }));
  const label = t(`employees.salary.fixed_${kind}`);
  return (
    <Stack gap="xs">
      <Title order={3} fz="md">
        {label}
      </Title>
      {options.isError ? (
        <Alert color="orange" variant="light">
          {t('employees.salary.optionsHidden')}
        </Alert>
      ) : !options.isPending && available.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t(`employees.salary.none_defined_${kind}`)}{' '}
          {canOpenSalarySettings && (
            <Anchor component={Link} to={paths.finance.salarySettings.getHref()} size="sm">
              {t('employees.salary.openSalarySettings')}
            </Anchor>
          )}
        </Text>
      ) : (
        !disabled && (
          <SelectField
            aria-label={t(`employees.salary.add_${kind}`)}
            placeholder={t(`employees.salary.add_${kind}`)}
            data={choices}
            value={picked}
            searchable
            nothingFoundMessage={t('form.relation.nothingFound')}
            disabled={choices.length === 0}
            onChange={(id) => {
              if (id) onChange([...value, id]);
              setPicked(null);
            }}
            maw={420}
          />
        )
      )}
      <SalaryItemsTable
        kind={kind}
        items={resolved.items}
        unknown={resolved.unknown}
        basic={basic}
        onRemove={disabled ? undefined : (id) => onChange(value.filter((v) => v !== id))}
      />
    </Stack>
  );
}

/** Step 4: basic salary, fixed allowances and deductions, and the monthly total. */
export function SalaryStep({
  form,
  editable,
  allowanceOptions,
  deductionOptions,
  storedItems,
  canOpenSalarySettings,
}: SalaryStepProps) {
  const { t } = useTranslation();
  const disabled = !editable('basic_salary');
  const known = [
    ...storedItems,
    ...(allowanceOptions.data ?? []),
    ...(deductionOptions.data ?? []),
  ];
  const salary = monthlySalary(
    form.values.basic_salary,
    resolveSalaryItems(form.values.allowances, known),
    resolveSalaryItems(form.values.deductions, known),
  );
  return (
    <Stack gap="lg">
      <Grid gap="md">
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <NumberField
            label={t('fields.employees.basic_salary')}
            required={!disabled}
            disabled={disabled}
            min={fieldOf(employees, 'basic_salary').min}
            step={0.1}
            rightSection={
              <Text size="xs" c="dimmed" pe={8} style={{ whiteSpace: 'nowrap' }}>
                {t('employees.salary.suffix', { currency: BASE_CURRENCY })}
              </Text>
            }
            rightSectionWidth={92}
            {...form.field('basic_salary')}
          />
        </Grid.Col>
      </Grid>
      <ItemsPicker
        kind="allowances"
        options={allowanceOptions}
        storedItems={storedItems}
        value={form.values.allowances}
        onChange={(v) => form.setValue('allowances', v)}
        disabled={disabled}
        canOpenSalarySettings={canOpenSalarySettings}
        basic={form.values.basic_salary}
      />
      <Divider />
      <ItemsPicker
        kind="deductions"
        options={deductionOptions}
        storedItems={storedItems}
        value={form.values.deductions}
        onChange={(v) => form.setValue('deductions', v)}
        disabled={disabled}
        canOpenSalarySettings={canOpenSalarySettings}
        basic={form.values.basic_salary}
      />
      <SalarySummary salary={salary} />
    </Stack>
  );
}
