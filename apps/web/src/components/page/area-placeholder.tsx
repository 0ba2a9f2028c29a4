import {
  Button,
  Card,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconHammer } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Link, useLocation } from 'react-router';
import { PageFrame, type Crumb } from './page-frame';

export type AreaLink = { label: string; to: string; icon?: ReactNode };

type AreaPlaceholderProps = {
  title: string;
  /** The area's name, e.g. "Finance". */
  area: string;
  breadcrumbs?: Crumb[];
  /** The area's screens the account may open. */
  links: AreaLink[];
};

/**
 * The frame of a screen whose area comes in a later release: title, breadcrumbs and the
 * area's navigation, with a note that the screen is on its way.
 */
export function AreaPlaceholder({ title, area, breadcrumbs, links }: AreaPlaceholderProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <PageFrame title={title} breadcrumbs={breadcrumbs}>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} data-testid="area-placeholder">
        <Group align="flex-start" wrap="nowrap" gap="md">
          <ThemeIcon size={44} radius="md" variant="light">
            <IconHammer size={24} />
          </ThemeIcon>
          <Stack gap={4}>
            <Title order={2} fz="lg">
              {t('placeholder.title', { area })}
            </Title>
            <Text c="dimmed" size="sm">
              {t('placeholder.body', { area })}
            </Text>
          </Stack>
        </Group>
      </Paper>
      {links.length > 0 && (
        <Stack gap="xs">
          <Text fw={600} size="sm" c="dimmed" tt="uppercase">
            {t('placeholder.areaScreens', { area })}
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
            {links.map((link) => (
              <Card
                key={link.to}
                withBorder
                radius="md"
                padding="sm"
                component={Link}
                to={link.to}
                aria-current={link.to === pathname ? 'page' : undefined}
                style={
                  link.to === pathname
                    ? { borderColor: 'var(--mantine-primary-color-filled)' }
                    : undefined
                }
              >
                <Group gap="sm" wrap="nowrap">
                  {link.icon}
                  <Text size="sm" fw={500}>
                    {link.label}
                  </Text>
                </Group>
              </Card>
            ))}
          </SimpleGrid>
          <Group>
            <Button variant="subtle" component={Link} to="/" px={0}>
              {t('errors.goHome')}
            </Button>
          </Group>
        </Stack>
      )}
    </PageFrame>
  );
}
