import {
  Anchor,
  Card,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Timeline,
  Title,
} from '@mantine/core';
import {
  IconDatabase,
  IconEdit,
  IconKey,
  IconMail,
  IconShield,
  IconLogin,
  IconPlus,
  IconShieldX,
  IconTrash,
  type Icon,
} from '@tabler/icons-react';
import type { ActivityAction } from '@app/schema';
import { useTranslation } from '@/lib/i18n/use-translation';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { activitySentence, recordHref } from '@/components/activity/activity-words';
import { EmptyState } from '@/components/page/empty-state';
import { ErrorState } from '@/components/page/error-state';
import { PageFrame } from '@/components/page/page-frame';
import { PageLoader } from '@/components/page/page-loader';
import { formatDateTime, formatRelative } from '@/lib/format/date';
import { currentLanguage } from '@/lib/i18n';
import type { Account } from '@/lib/session';
import { useOwnActivity } from '../api/get-own-activity';
import { AreaFigures } from './area-figures';
import { dayPart } from './greeting';

export type Shortcut = { id: string; label: string; to: string; icon: Icon; group: string };

const ACTION_ICONS: Record<ActivityAction, { icon: Icon; color: string }> = {
  CREATE: { icon: IconPlus, color: 'brand' },
  UPDATE: { icon: IconEdit, color: 'blue' },
  DELETE: { icon: IconTrash, color: 'red' },
  SIGN_IN: { icon: IconLogin, color: 'green' },
  SIGN_IN_FAILED: { icon: IconShieldX, color: 'orange' },
  PASSWORD_CHANGE: { icon: IconKey, color: 'grape' },
  PASSWORD_RESET: { icon: IconKey, color: 'grape' },
  EMAIL_CHANGE: { icon: IconMail, color: 'grape' },
  ROLE_CHANGE: { icon: IconShield, color: 'grape' },
  BACKUP_CREATE: { icon: IconDatabase, color: 'teal' },
  BACKUP_UPLOAD: { icon: IconDatabase, color: 'teal' },
  BACKUP_DELETE: { icon: IconDatabase, color: 'red' },
  BACKUP_RESTORE: { icon: IconDatabase, color: 'orange' },
  TWO_FACTOR_CHANGE: { icon: IconShield, color: 'grape' },
};

type DashboardProps = {
  account: Account;
  /** The screens this account may open. */
  shortcuts: Shortcut[];
  /** Other areas' reminders, shown under the shortcuts (grant deadlines). */
  reminders?: ReactNode;
  now?: Date;
};

/**
 * The home screen: a greeting, shortcuts to what the account may use, reminders, the areas'
 * figures and the account's recent activity.
 */
export function Dashboard({ account, shortcuts, reminders, now = new Date() }: DashboardProps) {
  const { t } = useTranslation();
  const name = account.name.split(' ')[0] || account.email;

  return (
    <PageFrame title={t('pages.dashboard')}>
      <Paper
        radius="lg"
        p={{ base: 'lg', sm: 'xl' }}
        style={{
          background:
            'linear-gradient(120deg, var(--mantine-color-brand-8) 0%, var(--mantine-color-brand-5) 100%)',
        }}
      >
        <Title order={2} c="white" fz={{ base: 22, sm: 28 }} data-testid="greeting">
          {t(`dashboard.greeting.${dayPart(now.getHours())}`, { name })}
        </Title>
        <Text c="rgba(255,255,255,.85)" mt={4}>
          {t('dashboard.subtitle')}
        </Text>
      </Paper>

      <Stack gap="sm">
        <Title order={2} fz="lg">
          {t('dashboard.shortcuts')}
        </Title>
        {shortcuts.length === 0 ? (
          <Paper withBorder radius="lg" p="md">
            <Text c="dimmed" size="sm">
              {t('dashboard.noShortcuts')}
            </Text>
          </Paper>
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} spacing="sm">
            {shortcuts.map((s) => (
              <Card
                key={s.id}
                component={Link}
                to={s.to}
                withBorder
                radius="md"
                padding="md"
                shadow="xs"
              >
                <Group gap="sm" wrap="nowrap">
                  <ThemeIcon variant="light" size={40} radius="md">
                    <s.icon size={22} />
                  </ThemeIcon>
                  <Stack gap={0} miw={0}>
                    <Text fw={600} size="sm" truncate>
                      {s.label}
                    </Text>
                    <Text size="xs" c="dimmed" truncate>
                      {s.group}
                    </Text>
                  </Stack>
                </Group>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </Stack>

      {reminders}

      {/* Under the shortcuts, which need no data: when the figures arrive they push down
          nothing the person is already looking at (above them, the page moved by half a
          screen: a layout shift of 0.5 on a phone). */}
      <AreaFigures />

      <RecentActivity accountId={account.id} />
    </PageFrame>
  );
}

/**
 * The account's latest actions. A component of its own: when they arrive, only this part of
 * the home screen renders again.
 */
function RecentActivity({ accountId }: { accountId: string }) {
  const { t } = useTranslation();
  const activity = useOwnActivity(accountId);
  return (
    <Stack gap="sm">
      <Title order={2} fz="lg">
        {t('dashboard.recentActivity')}
      </Title>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        {activity.isPending ? (
          <PageLoader />
        ) : activity.isError ? (
          <ErrorState error={activity.error} onRetry={() => void activity.refetch()} />
        ) : activity.data.items.length === 0 ? (
          <EmptyState title={t('dashboard.noActivity')} />
        ) : (
          <Timeline bulletSize={28} lineWidth={2} data-testid="recent-activity">
            {activity.data.items.map((item) => {
              const meta = ACTION_ICONS[item.action] ?? ACTION_ICONS.UPDATE;
              const href = recordHref(item);
              return (
                <Timeline.Item
                  key={item.id}
                  bullet={
                    <ThemeIcon size={28} radius="xl" color={meta.color} variant="light">
                      <meta.icon size={15} />
                    </ThemeIcon>
                  }
                  title={
                    href ? (
                      <Anchor component={Link} to={href} fw={600} size="sm">
                        {activitySentence(t, item)}
                      </Anchor>
                    ) : (
                      <Text fw={600} size="sm">
                        {activitySentence(t, item)}
                      </Text>
                    )
                  }
                >
                  <Text size="xs" c="dimmed">
                    {formatRelative(item.created, { locale: currentLanguage() })} ·{' '}
                    <span dir="ltr">{formatDateTime(item.created)}</span>
                  </Text>
                </Timeline.Item>
              );
            })}
          </Timeline>
        )}
      </Paper>
    </Stack>
  );
}
