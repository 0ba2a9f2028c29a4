import { Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Permission } from '@app/schema';
import { useTranslation } from '@/lib/i18n/use-translation';
import { toAppError } from '@/lib/errors';
import { usePermissions } from '@/lib/session';
import { useSaveRecord } from './use-records';

export type StatusMove = {
  /** The status the record moves to. */
  to: string;
  label: string;
  /**
   * The permission the server checks for this move; or, when the right comes from elsewhere (a
   * project committee's flag), `allowed` says whether the account holds it.
   */
  permission?: Permission;
  allowed?: boolean;
  color?: string;
  /** The button's accessible name, naming the record ("Pay the expense to …"). */
  ariaLabel?: string;
};

/**
 * The workflow buttons of one record: each moves `status` (the server checks the move and its
 * permission and answers its refusal, shown as a notification: "not enough money…").
 */
export function StatusActions({
  collection,
  id,
  moves,
  alsoRefresh,
}: {
  collection: string;
  id: string;
  moves: readonly StatusMove[];
  alsoRefresh?: readonly string[];
}) {
  const { t } = useTranslation();
  const save = useSaveRecord(collection, alsoRefresh);
  const permissions = usePermissions();
  const allowed = moves.filter((m) =>
    m.permission ? permissions.has(m.permission) : m.allowed === true,
  );
  if (allowed.length === 0) return null;
  return (
    <Group gap={6} wrap="nowrap">
      {allowed.map((move) => (
        <Button
          key={move.to}
          size="compact-sm"
          variant="light"
          color={move.color}
          aria-label={move.ariaLabel}
          loading={
            save.isPending &&
            (save.variables?.body as { status?: string } | undefined)?.status === move.to
          }
          disabled={save.isPending}
          onClick={() =>
            save.mutate(
              { id, body: { status: move.to } },
              {
                onError: (error) =>
                  notifications.show({
                    color: 'red',
                    title: t('form.serverError'),
                    message: toAppError(error).message,
                  }),
              },
            )
          }
        >
          {move.label}
        </Button>
      ))}
    </Group>
  );
}
