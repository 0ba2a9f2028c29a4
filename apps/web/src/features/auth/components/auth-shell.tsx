import { Box, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { BrandMark } from '@/components/brand/brand-logo';
import { LanguageToggle } from '@/components/language/language-toggle';
import { BRAND_NAME } from '@/config/constants';

/** The sign-in screens' background (today's login page). */
export const AUTH_BACKGROUND =
  'linear-gradient(106deg, rgba(34,120,195,.89) 0%, rgba(164,45,253,.72) 100%)';

type AuthShellProps = { title: string; subtitle?: ReactNode; children: ReactNode };

/** The look of the sign-in screens: gradient, logo, a 480px card. */
export function AuthShell({ title, subtitle, children }: AuthShellProps) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${title} · ${BRAND_NAME}`;
  }, [title]);

  return (
    <Box
      component="main"
      mih="100dvh"
      style={{ background: AUTH_BACKGROUND }}
      px="md"
      py={{ base: 'lg', sm: 48 }}
    >
      <Group justify="flex-end" maw={1200} mx="auto">
        <LanguageToggle />
      </Group>
      <Stack align="center" gap="lg" mt={{ base: 'md', sm: 'xl' }}>
        <Stack align="center" gap={6}>
          <Box
            p={10}
            bg="white"
            style={{ borderRadius: 22, boxShadow: '0 8px 28px rgba(20, 0, 60, .25)' }}
          >
            <BrandMark size={72} />
          </Box>
          <Text c="white" fw={800} fz={26} lh={1.1}>
            {BRAND_NAME}
          </Text>
          <Text c="rgba(255,255,255,.9)" size="sm">
            {t('app.tagline')}
          </Text>
        </Stack>
        <Paper
          w="100%"
          maw={480}
          radius="lg"
          p={{ base: 'lg', sm: 32 }}
          shadow="xl"
          data-testid="auth-card"
        >
          <Stack gap="md">
            <Box>
              <Title order={1} fz={24} tabIndex={-1}>
                {title}
              </Title>
              {subtitle && (
                <Text c="dimmed" size="sm" mt={4}>
                  {subtitle}
                </Text>
              )}
            </Box>
            {children}
          </Stack>
        </Paper>
      </Stack>
    </Box>
  );
}
