import { Alert, Paper, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm/confirm-dialog';
import { ErrorState } from '@/components/page/error-state';
import { useSaveRecord } from '@/components/resource/use-records';
import {
  ORGANISATION_SETTINGS,
  useOrganisationSettings,
} from '@/components/workflow/use-organisation-settings';
import { toAppError } from '@/lib/errors';
import { useTranslation } from '@/lib/i18n/use-translation';

/**
 * Separation of duties: off by default, nobody approves what they recorded or what is for them.
 * A very small organisation may allow it; the switch says what that means, asks before turning
 * it on, and every such approval is then marked in the activity monitor.
 */
export function ApprovalsSettings({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation();
  const settings = useOrganisationSettings();
  const save = useSaveRecord(ORGANISATION_SETTINGS);
  const [confirming, setConfirming] = useState(false);
  const allowed = Boolean(settings.data?.allow_self_approval);

  const store = (value: boolean) =>
    save.mutate(
      { id: settings.data!.id, body: { allow_self_approval: value } },
      {
        onSuccess: () => {
          setConfirming(false);
          notifications.show({ color: 'green', message: t('organisation.approvals.saved') });
        },
        onError: (error) => {
          setConfirming(false);
          notifications.show({
            color: 'red',
            title: t('form.serverError'),
            message: toAppError(error).message,
          });
        },
      },
    );

  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="approvals-title">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="approvals-title">
          {t('organisation.approvals.title')}
        </Title>
        <Text size="sm">{t('organisation.approvals.rule')}</Text>
        {settings.isError ? (
          <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />
        ) : !settings.data ? (
          <Skeleton height={48} radius="sm" />
        ) : (
          <Switch
            checked={allowed}
            disabled={!canManage || save.isPending}
            label={t('fields.organisation_settings.allow_self_approval')}
            description={t(
              allowed ? 'organisation.approvals.allowedNow' : 'organisation.approvals.offNow',
            )}
            onChange={(e) => (e.currentTarget.checked ? setConfirming(true) : store(false))}
          />
        )}
        {allowed && (
          <Alert color="yellow" variant="light" radius="md">
            {t('organisation.approvals.consequence')}
          </Alert>
        )}
        {!canManage && (
          <Text size="sm" c="dimmed">
            {t('organisation.readOnly')}
          </Text>
        )}
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={t('organisation.approvals.confirmTitle')}
        message={t('organisation.approvals.consequence')}
        confirmLabel={t('organisation.approvals.confirm')}
        focus="cancel"
        loading={save.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => store(true)}
      />
    </Paper>
  );
}
