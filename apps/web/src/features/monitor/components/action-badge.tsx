import { Badge } from '@mantine/core';
import { useTranslation } from '@/lib/i18n/use-translation';

const ACTION_COLORS: Record<string, string> = {
  CREATE: 'brand',
  UPDATE: 'blue',
  DELETE: 'red',
  SIGN_IN: 'green',
  SIGN_IN_FAILED: 'orange',
  PASSWORD_CHANGE: 'grape',
  PASSWORD_RESET: 'grape',
  EMAIL_CHANGE: 'grape',
  ROLE_CHANGE: 'grape',
  BACKUP_CREATE: 'teal',
  BACKUP_UPLOAD: 'teal',
  BACKUP_DELETE: 'red',
  BACKUP_RESTORE: 'orange',
  TWO_FACTOR_CHANGE: 'grape',
};

/** What an activity did ("Created", "Signed in"), in its colour: the monitor's rows and details. */
export function ActionBadge({ action }: { action: string }) {
  const { t } = useTranslation();
  return (
    <Badge color={ACTION_COLORS[action] ?? 'gray'} variant="light" tt="none" miw="max-content">
      {t(`activity.actions.${action}`)}
    </Badge>
  );
}
