import { Anchor, Button, Group } from '@mantine/core';
import { IconArrowBack, IconPrinter } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * The bar above a printable report: a link back to where it was opened from, Print, and the
 * report's own downloads (`children`). Hidden on paper (`report-toolbar`, app/styles/report.css).
 */
export function ReportToolbar({
  back,
  printLabel,
  children,
}: {
  back: { to: string; label: string };
  printLabel: string;
  children?: ReactNode;
}) {
  return (
    <Group className="report-toolbar" justify="space-between" wrap="wrap" gap="xs">
      <Anchor component={Link} to={back.to} size="sm">
        <Group gap={4}>
          <IconArrowBack size={16} aria-hidden />
          {back.label}
        </Group>
      </Anchor>
      <Group gap="xs">
        <Button
          variant="default"
          leftSection={<IconPrinter size={16} />}
          onClick={() => window.print()}
        >
          {printLabel}
        </Button>
        {children}
      </Group>
    </Group>
  );
}
