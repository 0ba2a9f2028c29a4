import { Group, Image, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ErrorState } from '@/components/page/error-state';
import { EntryForm } from '@/components/resource/entry-form';
import { protectedFileUrl, useFileToken } from '@/components/resource/file-links';
import {
  ORGANISATION_SETTINGS,
  useOrganisationSettings,
  type OrganisationSettings,
} from '@/components/workflow/use-organisation-settings';
import { useTranslation } from '@/lib/i18n/use-translation';

type IdentityValues = { name: string; address: string; logo: File[] };

/**
 * The organisation's name, logo and address: printed at the top of every document the server
 * prints (payslips, project reports). Everyone signed in reads them; `settings.update` changes
 * them.
 */
export function IdentitySettings({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation();
  const settings = useOrganisationSettings();
  const token = useFileToken().data;
  // The stored logo the user took away in the form (sent as a cleared field on save).
  const [logoRemoved, setLogoRemoved] = useState(false);
  const row = settings.data;
  const logoUrl = row?.logo ? protectedFileUrl(row, row.logo, token, '200x200') : null;

  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="identity-title">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="identity-title">
          {t('organisation.identity.title')}
        </Title>
        <Text size="sm">{t('organisation.identity.help')}</Text>
        {settings.isError ? (
          <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />
        ) : !row ? (
          <Skeleton height={160} radius="sm" />
        ) : canManage ? (
          <EntryForm<OrganisationSettings, IdentityValues>
            key={row.updated}
            collection={ORGANISATION_SETTINGS}
            record={row}
            title={t('organisation.identity.title')}
            fields={[
              { name: 'name' },
              {
                name: 'logo',
                description: t('organisation.identity.logoHelp'),
                props: {
                  accept: 'image/png,image/jpeg,image/webp',
                  current:
                    row.logo && !logoRemoved && logoUrl ? [{ name: row.logo, url: logoUrl }] : [],
                  onRemoveCurrent: () => setLogoRemoved(true),
                },
              },
              {
                name: 'address',
                widget: 'textarea',
                props: { minRows: 2 },
              },
            ]}
            initialValues={{ name: row.name ?? '', address: row.address ?? '', logo: [] }}
            toBody={(v) => ({
              name: v.name.trim(),
              address: v.address.trim(),
              ...(v.logo.length > 0 ? { logo: v.logo[0] } : logoRemoved ? { logo: null } : {}),
            })}
            onSaved={() => {
              setLogoRemoved(false);
              notifications.show({ color: 'green', message: t('organisation.identity.saved') });
            }}
          />
        ) : (
          <Group gap="md" wrap="nowrap" align="flex-start">
            {logoUrl && (
              <Image
                src={logoUrl}
                w={64}
                h={64}
                fit="contain"
                alt={t('fields.organisation_settings.logo')}
              />
            )}
            <Stack gap={2}>
              <Text fw={700}>{row.name || t('organisation.identity.noName')}</Text>
              <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                {row.address}
              </Text>
            </Stack>
          </Group>
        )}
        {!canManage && (
          <Text size="sm" c="dimmed">
            {t('organisation.readOnly')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
