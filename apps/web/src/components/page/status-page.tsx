import { Button, Center, Code, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { BRAND_NAME } from '@/config/constants';

type StatusPageProps = {
  /** The big code; none for an outcome that is not an HTTP one (offline). */
  status?: number;
  title: string;
  description?: ReactNode;
  /** Shown in a code box, e.g. the path that was not found. */
  detail?: string;
  action?: { label: string; to: string };
};

/** A full-width message for an HTTP-like outcome: 403, 404, 500. */
export function StatusPage({ status, title, description, detail, action }: StatusPageProps) {
  useEffect(() => {
    document.title = `${title} · ${BRAND_NAME}`;
  }, [title]);

  return (
    <Center mih="60vh" p="md">
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 40 }} maw={560} w="100%" shadow="xs">
        <Stack align="center" gap="sm" ta="center">
          {status !== undefined && (
            <Text
              fw={800}
              fz={64}
              lh={1}
              c="brand.7"
              data-testid="status-code"
              aria-label={`Status ${status}`}
            >
              {status}
            </Text>
          )}
          <Title order={1} fz={26} tabIndex={-1}>
            {title}
          </Title>
          {description && <Text c="dimmed">{description}</Text>}
          {detail && (
            <Code block style={{ maxWidth: '100%', overflowWrap: 'anywhere' }}>
              {detail}
            </Code>
          )}
          {action && (
            <Button component={Link} to={action.to} mt="sm">
              {action.label}
            </Button>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
