import { useTranslation } from '@/lib/i18n/use-translation';
import { AuthShell } from '@/features/auth/components/auth-shell';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';

export default function ForgotPasswordRoute() {
  const { t } = useTranslation();
  return (
    <AuthShell title={t('auth.forgot.title')}>
      <ForgotPasswordForm />
    </AuthShell>
  );
}
