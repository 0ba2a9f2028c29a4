import { ActionIcon, Group } from '@mantine/core';
import { IconHistory, IconPencil, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Tooltip } from '@/components/tooltip/tooltip';
import { useTranslation } from '@/lib/i18n/use-translation';

/**
 * A row's icon buttons: its history in the activity monitor, edit, remove; each given only
 * where the row offers it. Nothing at all when none is: a phone's stacked row then leaves out
 * its "Actions" line (global.css).
 */
export function RowActions({
  history,
  edit,
  remove,
}: {
  history?: { href: string; label: string };
  edit?: { label?: string; tooltip?: string; onClick: () => void };
  remove?: { label?: string; onClick: () => void };
}) {
  const { t } = useTranslation();
  if (!history && !edit && !remove) return null;
  return (
    <Group gap={4} wrap="nowrap">
      {history && (
        <Tooltip label={t('activity.history')}>
          <ActionIcon
            component={Link}
            to={history.href}
            variant="subtle"
            aria-label={history.label}
          >
            <IconHistory size={16} />
          </ActionIcon>
        </Tooltip>
      )}
      {edit && (
        <Tooltip label={edit.tooltip ?? t('common.update')}>
          <ActionIcon variant="subtle" aria-label={edit.label} onClick={edit.onClick}>
            <IconPencil size={16} />
          </ActionIcon>
        </Tooltip>
      )}
      {remove && (
        <Tooltip label={t('confirm.remove')}>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={remove.label}
            onClick={remove.onClick}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}
