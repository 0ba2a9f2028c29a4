import { Anchor, Avatar, Badge, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { fieldLabelKey } from '@/components/resource/field-label';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format/date';
import type { UserRecord } from '@/lib/models';
import { countGranted } from '@/lib/permissions';
import { fileUrl } from '@/lib/data/records';
import { UserStatusBadge } from './user-status-badge';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <div>{children}</div>
    </Stack>
  );
}

/** A user's profile: identity, status, roles and dates. */
export function UserView({ user, canReadRoles }: { user: UserRecord; canReadRoles: boolean }) {
  const { t } = useTranslation();
  const roles = user.expand?.roles ?? [];
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Paper withBorder radius="lg" p="lg">
          <Stack align="center" gap="xs" ta="center">
            <Avatar
              src={fileUrl(user, user.avatar, '200x200')}
              name={user.name}
              color="initials"
              size={120}
              radius={120}
            />
            <Title order={2} fz="xl">
              {user.name}
            </Title>
            <Anchor href={`mailto:${user.email}`} size="sm">
              {user.email}
            </Anchor>
            <UserStatusBadge status={user.status} />
          </Stack>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Paper withBorder radius="lg" p="lg">
          <Stack gap="md">
            <Field label={t(fieldLabelKey('users', 'bio'))}>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                <bdi>{user.bio || t('common.none')}</bdi>
              </Text>
            </Field>
            <Field label={t(fieldLabelKey('users', 'roles'))}>
              {roles.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t('common.none')}
                </Text>
              ) : (
                <Group gap="xs">
                  {roles.map((role) => {
                    const badge = (
                      <Badge
                        variant="light"
                        size="lg"
                        tt="none"
                        style={canReadRoles ? { cursor: 'pointer' } : undefined}
                        rightSection={
                          <Text span size="xs" c="dimmed">
                            {t('roles.granted', { count: countGranted(role.permissions) })}
                          </Text>
                        }
                      >
                        {role.title}
                      </Badge>
                    );
                    return canReadRoles ? (
                      <Anchor
                        key={role.id}
                        component={Link}
                        to={paths.users.roles.view.getHref(role.id)}
                        underline="never"
                      >
                        {badge}
                      </Anchor>
                    ) : (
                      <span key={role.id}>{badge}</span>
                    );
                  })}
                </Group>
              )}
            </Field>
            <Grid>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <Field label={t('common.created')}>
                  <Text size="sm">{formatDateTime(user.created)}</Text>
                </Field>
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <Field label={t('common.updated')}>
                  <Text size="sm">{formatDateTime(user.updated)}</Text>
                </Field>
              </Grid.Col>
            </Grid>
          </Stack>
        </Paper>
      </Grid.Col>
    </Grid>
  );
}
