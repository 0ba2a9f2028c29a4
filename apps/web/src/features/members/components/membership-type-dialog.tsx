import { Alert, Button, Grid, Group, Modal, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NumberField } from '@/components/form/number-field';
import { rules } from '@/components/form/rules';
import { TextareaField } from '@/components/form/textarea-field';
import { TextField } from '@/components/form/text-fields';
import { useForm } from '@/components/form/use-form';
import { toAppError } from '@/lib/errors';
import { useSaveMembershipType, type MembershipTypeInput } from '../api/save-membership-type';
import type { MembershipTypeRecord } from '../types';

type MembershipTypeDialogProps = {
  /** The type to change; a new one when null. */
  type: MembershipTypeRecord | null;
  onClose: () => void;
  onSaved: (saved: MembershipTypeRecord) => void;
};

/** Create or change a membership type: title, fee, period in months, description. */
export function MembershipTypeDialog({ type, onClose, onSaved }: MembershipTypeDialogProps) {
  const { t } = useTranslation();
  const save = useSaveMembershipType();
  const form = useForm<MembershipTypeInput>({
    initialValues: {
      title: type?.title ?? '',
      fee: type?.fee ?? null,
      period_months: type?.period_months ?? 12,
      description: type?.description ?? '',
    },
    rules: {
      title: [
        rules.required(t('hrPeople.settings.titleRequired')),
        rules.minLength(2, t('hrPeople.settings.titleRequired')),
        rules.maxLength(200, t('hrPeople.form.tooLong', { max: 200 })),
      ],
      fee: [rules.min(0, t('members.types.feeInvalid'))],
      period_months: [
        rules.required(t('members.dues.monthsRange')),
        rules.min(1, t('members.dues.monthsRange')),
        rules.max(120, t('members.dues.monthsRange')),
      ],
      description: [rules.maxLength(2000, t('hrPeople.form.tooLong', { max: 2000 }))],
    },
  });
  const title = type ? t('members.types.editTitle') : t('members.types.addTitle');

  return (
    <Modal
      opened
      onClose={save.isPending ? () => undefined : onClose}
      title={title}
      centered
      radius="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form
        noValidate
        aria-label={title}
        onSubmit={form.onSubmit((values) =>
          save.mutate(
            { id: type?.id, input: values },
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
            <Grid.Col span={12}>
              <TextField
                label={t('hrPeople.settings.title')}
                required
                autoComplete="off"
                {...form.field('title')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, xs: 6 }}>
              <NumberField
                label={t('members.types.fee')}
                min={0}
                rightSection="USD"
                rightSectionWidth={48}
                {...form.field('fee')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, xs: 6 }}>
              <NumberField
                label={t('members.types.period')}
                required
                min={0}
                max={120}
                allowDecimal={false}
                {...form.field('period_months')}
              />
            </Grid.Col>
            <Grid.Col span={12}>
              <TextareaField
                label={t('hrPeople.settings.description')}
                minRows={2}
                {...form.field('description')}
              />
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
