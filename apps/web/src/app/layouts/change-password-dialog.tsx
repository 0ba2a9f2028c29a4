import { Modal } from '@mantine/core';
import { ChangePasswordForm } from '@/features/auth/components/change-password-form';
import { useTranslation } from '@/lib/i18n/use-translation';

type ChangePasswordDialogProps = { opened: boolean; onClose: () => void };

/** The user menu's "Change password", in a dialog. Loaded on its first opening (the layout). */
export default function ChangePasswordDialog({ opened, onClose }: ChangePasswordDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('topbar.changePassword')}
      centered
      radius="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <ChangePasswordForm onCancel={onClose} onDone={onClose} />
    </Modal>
  );
}
