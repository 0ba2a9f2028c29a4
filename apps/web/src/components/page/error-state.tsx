import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { toAppError } from '@/lib/errors';

type ErrorStateProps = { error: unknown; onRetry?: () => void; title?: string };

/** A failed load: the server's message and code, with a retry button. */
export function ErrorState({ error, onRetry, title }: ErrorStateProps) {
  const { t } = useTranslation();
  const appError = toAppError(error);
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={20} />}
      title={title ?? t('errors.serverErrorCode', { status: appError.status || 500 })}
      role="alert"
    >
      <Group justify="space-between" gap="sm">
        <Text size="sm">{appError.message}</Text>
        {onRetry && (
          <Button size="xs" variant="white" color="red" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        )}
      </Group>
    </Alert>
  );
}
