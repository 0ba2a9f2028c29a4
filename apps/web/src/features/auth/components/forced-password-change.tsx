import { Alert, Button, Group } from '@mantine/core';
import { IconInfoCircle, IconLogout } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { signOut, useAccount } from '@/lib/session';
import { AuthShell } from './auth-shell';
import { ChangePasswordForm } from './change-password-form';

/**
 * The only screen an account on the default password sees until it sets its own password;
 * the server refuses everything else meanwhile.
 */
export function ForcedPasswordChange() {
  const { t } = useTranslation();
  const account = useAccount();
  return (
    <AuthShell title={t('auth.forced.title')} subtitle={account?.email}>
      <Alert color="brand" variant="light" icon={<IconInfoCircle size={18} />}>
        {t('auth.forced.body')}
      </Alert>
      <ChangePasswordForm submitLabel={t('auth.forced.submit')} />
      <Group justify="center">
        <Button
          variant="subtle"
          color="gray"
          leftSection={<IconLogout size={16} />}
          onClick={signOut}
        >
          {t('topbar.logout')}
        </Button>
      </Group>
    </AuthShell>
  );
}
