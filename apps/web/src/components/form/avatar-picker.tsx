import { Avatar, Button, FileButton, Group, Input, Stack, Text } from '@mantine/core';
import { IconPhotoPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { UseFormReturn } from './basics/use-form';
import { useTranslation } from '@/lib/i18n/use-translation';
import { useObjectUrl } from './use-object-url';

export const IMAGE_MIME_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/svg+xml',
];

type AvatarPickerProps = {
  label?: ReactNode;
  /** A newly chosen file, or null. */
  value: File | null;
  onChange: (file: File | null) => void;
  /** URL of the image already stored, shown until a new file is chosen or it is removed. */
  currentUrl?: string | null;
  /** Called when the user removes the stored image. */
  onRemoveCurrent?: () => void;
  /** Initials shown when there is no image. */
  name?: string;
  error?: ReactNode;
  accept?: readonly string[];
};

/** Chooses an image with a live preview; nothing is uploaded until the form is saved. */
export function AvatarPicker({
  label,
  value,
  onChange,
  currentUrl,
  onRemoveCurrent,
  name,
  error,
  accept = IMAGE_MIME_TYPES,
}: AvatarPickerProps) {
  const { t } = useTranslation();
  const preview = useObjectUrl(value);
  const src = preview ?? currentUrl ?? null;
  return (
    <Input.Wrapper label={label ?? t('form.avatar.label')} error={error}>
      <Group gap="md" mt={6} wrap="nowrap">
        <Avatar
          src={src}
          size={84}
          radius="xl"
          name={name || undefined}
          color="initials"
          alt={t('form.avatar.preview')}
          data-testid="avatar-preview"
        />
        <Stack gap={6}>
          <Group gap="xs">
            <FileButton onChange={(file) => onChange(file)} accept={accept.join(',')}>
              {(props) => (
                <Button
                  {...props}
                  size="xs"
                  variant="light"
                  leftSection={<IconPhotoPlus size={16} />}
                >
                  {t('form.avatar.select')}
                </Button>
              )}
            </FileButton>
            {(value || (currentUrl && onRemoveCurrent)) && (
              <Button
                size="xs"
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={16} />}
                onClick={() => (value ? onChange(null) : onRemoveCurrent?.())}
              >
                {t('form.avatar.remove')}
              </Button>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {value ? value.name : t('form.avatar.hint')}
          </Text>
        </Stack>
      </Group>
    </Input.Wrapper>
  );
}

/** The fields of a form with an avatar: a new file, whether the stored one goes, and a name. */
type AvatarValues = { avatar: File | null; removeAvatar: boolean; name: string };

type FormAvatarPickerProps = {
  form: Pick<UseFormReturn<AvatarValues>, 'values' | 'errors' | 'setValue'>;
  /** URL of the image already stored (editing a record). */
  currentUrl?: string | null;
};

/**
 * The picker bound to a form's `avatar` and `removeAvatar`: removing the stored image only marks
 * it, so Cancel keeps it, and the initials follow the name being typed.
 */
export function FormAvatarPicker({ form, currentUrl }: FormAvatarPickerProps) {
  return (
    <AvatarPicker
      value={form.values.avatar}
      onChange={(file) => form.setValue('avatar', file)}
      currentUrl={form.values.removeAvatar ? null : currentUrl}
      onRemoveCurrent={() => form.setValue('removeAvatar', true)}
      name={form.values.name}
      error={form.errors.avatar}
    />
  );
}
