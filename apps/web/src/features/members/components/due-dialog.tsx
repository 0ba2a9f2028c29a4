import { Alert, Button, Grid, Group, Modal, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DateField } from '@/components/form/date-field';
import { NumberField } from '@/components/form/number-field';
import { rules } from '@/components/form/rules';
import { SelectField } from '@/components/form/select-fields';
import { TextareaField } from '@/components/form/textarea-field';
import { TextField } from '@/components/form/text-fields';
import { useForm } from '@/components/form/use-form';
import { todayInput } from '@/components/person/person-values';
import { PAYMENT_METHODS } from '@app/schema';
import { toAppError } from '@/lib/errors';
import { fromApiDate } from '@/lib/format/date';
import { useSaveMemberDue, type DueInput } from '../api/save-member-due';
import type { MemberDueRecord, MembershipTypeRecord } from '../types';

type DueDialogProps = {
  memberId: string;
  /** The payment to change; a new one when absent. */
  due?: MemberDueRecord | null;
  /** The member's type gives a new payment's amount and months. */
  type?: MembershipTypeRecord | null;
  onClose: () => void;
  onSaved: () => void;
};

const DEFAULT_MONTHS = 12;

function initialValues(
  due: MemberDueRecord | null | undefined,
  type: MembershipTypeRecord | null | undefined,
): DueInput {
  if (due) {
    return {
      amount: due.amount,
      paid_on: fromApiDate(due.paid_on),
      months: due.months,
      method: due.method || null,
      receipt_number: due.receipt_number ?? '',
      note: due.note ?? '',
    };
  }
  return {
    amount: type?.fee ? type.fee : null,
    paid_on: todayInput(),
    months: type?.period_months ?? DEFAULT_MONTHS,
    method: 'Cash',
    receipt_number: '',
    note: '',
  };
}

/** Add or change a dues payment (mounted open; the parent unmounts it to close). */
export function DueDialog({ memberId, due, type, onClose, onSaved }: DueDialogProps) {
  const { t } = useTranslation();
  const save = useSaveMemberDue(memberId);
  const form = useForm<DueInput>({
    initialValues: initialValues(due, type),
    rules: {
      amount: [
        rules.required(t('members.dues.amountRequired')),
        rules.min(0.01, t('members.dues.amountRequired')),
      ],
      paid_on: [rules.required(t('members.dues.paidOnRequired'))],
      months: [
        rules.required(t('members.dues.monthsRange')),
        rules.min(1, t('members.dues.monthsRange')),
        rules.max(120, t('members.dues.monthsRange')),
      ],
      receipt_number: [rules.maxLength(100, t('hrPeople.form.tooLong', { max: 100 }))],
      note: [rules.maxLength(2000, t('hrPeople.form.tooLong', { max: 2000 }))],
    },
  });
  const title = due ? t('members.dues.editTitle') : t('members.dues.addTitle');

  return (
    <Modal
      opened
      onClose={save.isPending ? () => undefined : onClose}
      title={title}
      centered
      radius="lg"
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form
        noValidate
        aria-label={title}
        onSubmit={form.onSubmit((values) =>
          save.mutate(
            { id: due?.id, input: values },
            {
              onSuccess: onSaved,
              onError: (error) => form.setServerErrors(toAppError(error).fieldErrors),
            },
          ),
        )}
      >
        <Stack gap="md">
          {save.error && (
            <Alert color="red" variant="light" role="alert" title={t('form.serverError')}>
              {toAppError(save.error).message}
            </Alert>
          )}
          <Grid gap="md">
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <NumberField
                label={t('members.dues.amount')}
                required
                min={0}
                step={1}
                rightSection="USD"
                rightSectionWidth={48}
                {...form.field('amount')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <DateField label={t('members.dues.paidOn')} required {...form.field('paid_on')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <NumberField
                label={t('members.dues.months')}
                description={t('members.dues.monthsHint')}
                required
                min={0}
                max={120}
                allowDecimal={false}
                {...form.field('months')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <SelectField
                label={t('members.dues.method')}
                clearable
                allowDeselect
                data={PAYMENT_METHODS.map((m) => ({ value: m, label: t(`members.methods.${m}`) }))}
                {...form.field('method')}
              />
            </Grid.Col>
            <Grid.Col span={12}>
              <TextField
                label={t('members.dues.receipt')}
                autoComplete="off"
                {...form.field('receipt_number')}
              />
            </Grid.Col>
            <Grid.Col span={12}>
              <TextareaField label={t('members.dues.note')} minRows={2} {...form.field('note')} />
            </Grid.Col>
          </Grid>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose} disabled={save.isPending}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
