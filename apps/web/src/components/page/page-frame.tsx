import { Anchor, Box, Breadcrumbs, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Link } from 'react-router';
import { BRAND_NAME } from '@/config/constants';

export type Crumb = { label: string; to?: string };

type PageFrameProps = {
  title: string;
  /** A short line under the title. */
  description?: ReactNode;
  breadcrumbs?: Crumb[];
  /** Buttons shown next to the title (end side). */
  actions?: ReactNode;
  children?: ReactNode;
};

/**
 * The frame of every screen: breadcrumbs, title, actions, then the content. The title is the
 * page's only h1 and can take focus (tabIndex -1): after a route change the app moves focus
 * there (see app/route-announcer.tsx), so screen readers start reading at the new page.
 */
export function PageFrame({ title, description, breadcrumbs, actions, children }: PageFrameProps) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${title} · ${BRAND_NAME}`;
  }, [title]);

  return (
    <Stack gap="lg" component="section" aria-labelledby="page-title">
      <Box>
        {breadcrumbs && breadcrumbs.length > 0 && (
          <Box component="nav" aria-label={t('nav.breadcrumbs')} mb={6}>
            <Breadcrumbs separator="/" styles={{ root: { flexWrap: 'wrap', rowGap: 4 } }}>
              {breadcrumbs.map((crumb, i) =>
                crumb.to && i < breadcrumbs.length - 1 ? (
                  <Anchor key={`${crumb.label}-${i}`} component={Link} to={crumb.to} size="sm">
                    {crumb.label}
                  </Anchor>
                ) : (
                  <Text key={`${crumb.label}-${i}`} size="sm" c="dimmed" aria-current="page">
                    {crumb.label}
                  </Text>
                ),
              )}
            </Breadcrumbs>
          </Box>
        )}
        <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
          <Box miw={0} style={{ flex: '1 1 240px' }}>
            <Title order={1} id="page-title" tabIndex={-1} fz={{ base: 22, sm: 26 }} lh={1.25}>
              {title}
            </Title>
            {description && (
              <Text c="dimmed" size="sm" mt={4}>
                {description}
              </Text>
            )}
          </Box>
          {actions && (
            <Group gap="xs" wrap="wrap">
              {actions}
            </Group>
          )}
        </Group>
      </Box>
      {children}
    </Stack>
  );
}
