import { Paper, Radio, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { TWO_FACTOR_POLICIES, type TwoFactorPolicy } from '@app/schema';
import { ErrorState } from '@/components/page/error-state';
import { useSaveRecord } from '@/components/resource/use-records';
import {
  ORGANISATION_SETTINGS,
  useOrganisationSettings,
} from '@/components/workflow/use-organisation-settings';
import { toAppError } from '@/lib/errors';
import { useTranslation } from '@/lib/i18n/use-translation';

/**
 * Who must sign in with a second factor (organisation_settings.two_factor; empty means the
 * default, the accounts that move money or manage accounts). The server applies it at sign-in.
 */
export function TwoFactorSettings({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation();
  const settings = useOrganisationSettings();
  const save = useSaveRecord(ORGANISATION_SETTINGS);
  const stored = String(settings.data?.two_factor ?? '');
  const value: TwoFactorPolicy = (TWO_FACTOR_POLICIES as readonly string[]).includes(stored)
    ? (stored as TwoFactorPolicy)
    : 'sensitive';

  const store = (next: string) =>
    save.mutate(
      { id: settings.data!.id, body: { two_factor: next } },
      {
        onSuccess: () =>
          notifications.show({ color: 'green', message: t('organisation.twoFactor.saved') }),
        onError: (error) =>
          notifications.show({
            color: 'red',
            title: t('form.serverError'),
            message: toAppError(error).message,
          }),
      },
    );

  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="two-factor-title">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="two-factor-title">
          {t('organisation.twoFactor.title')}
        </Title>
        <Text size="sm">{t('organisation.twoFactor.rule')}</Text>
        {settings.isError ? (
          <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />
        ) : !settings.data ? (
          <Skeleton height={96} radius="sm" />
        ) : (
          <Radio.Group
            label={t('fields.organisation_settings.two_factor')}
            value={value}
            onChange={store}
            data-testid="two-factor-policy"
          >
            <Stack gap="sm" mt="xs">
              {TWO_FACTOR_POLICIES.map((policy) => (
                <Radio
                  key={policy}
                  value={policy}
                  disabled={!canManage || save.isPending}
                  label={t(`organisation.twoFactor.${policy}`)}
                  description={t(`organisation.twoFactor.${policy}Help`)}
                />
              ))}
            </Stack>
          </Radio.Group>
        )}
      </Stack>
    </Paper>
  );
}
