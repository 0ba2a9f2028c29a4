import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { rules } from '@/components/form/rules';
import { TextareaField } from '@/components/form/textarea-field';
import { TextField } from '@/components/form/text-fields';
import { useForm } from '@/components/form/use-form';
import { toAppError } from '@/lib/errors';
import { useSaveSkill, type SkillInput } from '../api/save-skill';
import type { SkillRecord } from '../types';

type SkillDialogProps = {
  /** The skill to change; a new one when null. */
  skill: SkillRecord | null;
  onClose: () => void;
  onSaved: (saved: SkillRecord) => void;
};

/** Create or change a volunteer skill: title and description. */
export function SkillDialog({ skill, onClose, onSaved }: SkillDialogProps) {
  const { t } = useTranslation();
  const save = useSaveSkill();
  const form = useForm<SkillInput>({
    initialValues: { title: skill?.title ?? '', description: skill?.description ?? '' },
    rules: {
      title: [
        rules.required(t('hrPeople.settings.titleRequired')),
        rules.minLength(2, t('hrPeople.settings.titleRequired')),
        rules.maxLength(200, t('hrPeople.form.tooLong', { max: 200 })),
      ],
      description: [rules.maxLength(2000, t('hrPeople.form.tooLong', { max: 2000 }))],
    },
  });
  const title = skill ? t('volunteers.skills.editTitle') : t('volunteers.skills.addTitle');

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
            { id: skill?.id, input: values },
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
          <TextField
            label={t('hrPeople.settings.title')}
            required
            autoComplete="off"
            {...form.field('title')}
          />
          <TextareaField
            label={t('hrPeople.settings.description')}
            minRows={2}
            {...form.field('description')}
          />
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
