import { useTranslation } from '@/lib/i18n/use-translation';
import { useParams } from 'react-router';
import { AuthShell } from '@/features/auth/components/auth-shell';
import { ConfirmPasswordResetForm } from '@/features/auth/components/confirm-password-reset-form';

export default function ConfirmPasswordResetRoute() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  return (
    <AuthShell title={t('auth.reset.title')} subtitle={t('auth.reset.subtitle')}>
      <ConfirmPasswordResetForm token={token} />
    </AuthShell>
  );
}
