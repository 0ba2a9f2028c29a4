import { Button, Group, Stack, Text, Textarea, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { WorkflowMove } from '@app/schema';
import type { RecordModel } from 'pocketbase';
import { useId, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm/confirm-dialog';
import { useSaveRecord } from '@/components/resource/use-records';
import { Tooltip } from '@/components/tooltip/tooltip';
import { toAppError } from '@/lib/errors';
import { formatMoney } from '@/lib/format/money';
import { useTranslation, type TFunction } from '@/lib/i18n/use-translation';
import { useAccount, usePermissions } from '@/lib/session';
import { inLanguage, isOwnRecord, movesOf, workflowOf } from '@/lib/workflow';
import { useOrganisationSettings } from './use-organisation-settings';

/** The asker's seat on the record's project committee, for moves a seat grants. */
export type SeatFlags = { can_create: boolean; can_update_status: boolean };

type Record = RecordModel & { [field: string]: unknown };

export type WorkflowActionsProps = {
  collection: string;
  record: Record;
  /** The record's name in the buttons' accessible names ("Pay: Desert Trucks"). */
  name: string;
  /** The asker's seat on the record's project committee (requests and purchases). */
  seat?: SeatFlags | null;
  /**
   * What a confirmation names: the amount and the vault. By default the record's declared amount
   * field, and its vault (or project) as expanded on the record.
   */
  money?: { amount: string; vault: string };
  /**
   * A page of one record: full-size buttons, and the moves the account may not make also said in
   * words under them (a row says it in a tooltip).
   */
  page?: boolean;
  /** What a move means in this area, said in its confirmation (paying a run withholds advances). */
  consequences?: Partial<{ [to: string]: string }>;
  onMoved?: (record: Record) => void;
};

type Offered = { move: WorkflowMove; label: string; blocked: string };

/** "Expenses: Approve", as the role editor names a permission. */
function permissionWords(t: TFunction, permission: string): string {
  const [group, action] = permission.split('.');
  return t('activity.permission', {
    group: t(`permissions.groups.${group}`),
    action: t(`permissions.actions.${action}`),
  });
}

/**
 * The moves a record's workflow declares from its state, as buttons: those the account may make,
 * and, greyed but reachable, those it may not, each saying why (the permission it needs, the
 * committee seat, or that someone else must approve what one recorded). Moves that move money
 * ask first, naming the amount and the vault; taking back an approval asks for the reason. The
 * server checks the same declaration; its refusal is shown in the account's language.
 */
export function WorkflowActions({
  collection,
  record,
  name,
  seat,
  money,
  page = false,
  consequences = {},
  onMoved,
}: WorkflowActionsProps) {
  const { t, i18n } = useTranslation();
  const flow = workflowOf(collection);
  const permissions = usePermissions();
  const account = useAccount();
  const save = useSaveRecord<Record>(collection, flow?.refresh ?? []);
  const [asking, setAsking] = useState<WorkflowMove | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState('');
  const describedBy = useId();
  const moves = flow ? movesOf(flow, record) : [];
  const own =
    !!flow && moves.some((m) => m.notCreator) && isOwnRecord(flow, record, account?.id ?? '');
  // Only read when it can matter: the setting decides whether one's own record may be approved.
  const settings = useOrganisationSettings(own);
  if (!flow || moves.length === 0) return null;

  const noun = inLanguage(flow.noun, i18n.language);
  const offered: Offered[] = moves.map((move) => {
    const label = inLanguage(move.label, i18n.language);
    let blocked = '';
    if (move.permission && !permissions.has(move.permission))
      blocked = t('workflow.needsPermission', {
        move: label,
        permission: permissionWords(t, move.permission),
      });
    else if (move.seat && !seat?.[move.seat.flag])
      blocked = t(`workflow.needsSeat.${move.seat.committee}`, { move: label });
    else if (move.notCreator && own && !settings.data?.allow_self_approval)
      blocked = t('workflow.ownRecord', { move: label, record: noun });
    return { move, label, blocked };
  });

  const amountOf = () => {
    if (money) return money;
    const expanded = (record.expand ?? {}) as { [k: string]: { title?: string; name?: string } };
    const vaultField = flow.vault ?? '';
    const vault =
      vaultField === 'project'
        ? t('workflow.projectVault', { project: expanded.project?.title ?? '' })
        : (expanded[vaultField]?.title ?? expanded[vaultField]?.name ?? '');
    const currency =
      typeof record.currency === 'string' && record.currency ? record.currency : undefined;
    // A figure the account may not read (a run's totals without the salary permission) is left out.
    const value = flow.amount ? record[flow.amount] : undefined;
    return {
      amount:
        typeof value === 'number' || typeof value === 'string' ? formatMoney(value, currency) : '',
      vault,
    };
  };

  const run = (move: WorkflowMove, why = '') =>
    save.mutate(
      {
        id: record.id,
        body: {
          [flow.field]: move.to,
          ...(move.reason && flow.reasonField ? { [flow.reasonField]: why } : {}),
        },
      },
      {
        onSuccess: (saved) => {
          setAsking(null);
          setReason('');
          notifications.show({
            color: 'green',
            message: t('workflow.moved', {
              record: name,
              state: inLanguage(flow.states[move.to].label, i18n.language),
            }),
          });
          onMoved?.(saved);
        },
        onError: (error) => {
          setAsking(null);
          notifications.show({
            color: 'red',
            title: t('form.serverError'),
            message: toAppError(error).message,
          });
        },
      },
    );

  const start = (move: WorkflowMove) => {
    if (move.confirm || move.reason) {
      setReasonError('');
      setAsking(move);
    } else run(move);
  };

  const askingLabel = asking ? inLanguage(asking.label, i18n.language) : '';
  const figures = asking?.confirm ? amountOf() : null;
  const blockedLines = offered.filter((o) => o.blocked);

  const buttons = (
    // In a list row the buttons wrap under each other rather than push the row's other actions
    // out of sight (an approved expense offers three moves).
    <Group gap={6} wrap="wrap" miw={page ? undefined : 150} maw={page ? undefined : 240}>
      {offered.map(({ move, label, blocked }) => {
        const ariaLabel = t('workflow.moveOf', { move: label, name });
        const size = page ? 'sm' : 'compact-sm';
        if (blocked)
          return (
            <Tooltip key={move.to} label={blocked}>
              <Button
                size={size}
                variant="default"
                c="dimmed"
                aria-label={ariaLabel}
                aria-disabled="true"
                aria-describedby={`${describedBy}-${move.to}`}
                // Reachable by keyboard and touch: it says why instead of doing nothing.
                onClick={() => notifications.show({ color: 'gray', message: blocked })}
              >
                {label}
              </Button>
            </Tooltip>
          );
        return (
          <Button
            key={move.to}
            size={size}
            variant={page ? (move.color === 'gray' ? 'default' : 'filled') : 'light'}
            color={move.color === 'gray' ? undefined : move.color}
            aria-label={ariaLabel}
            loading={
              save.isPending &&
              (save.variables?.body as { [k: string]: unknown } | undefined)?.[flow.field] ===
                move.to
            }
            disabled={save.isPending}
            onClick={() => start(move)}
          >
            {label}
          </Button>
        );
      })}
      {blockedLines.map((o) => (
        <VisuallyHidden key={o.move.to} id={`${describedBy}-${o.move.to}`}>
          {o.blocked}
        </VisuallyHidden>
      ))}
    </Group>
  );

  return (
    <>
      {page && blockedLines.length > 0 ? (
        <Stack gap={4} align="flex-end">
          {buttons}
          {blockedLines.map((o) => (
            <Text key={o.move.to} size="sm" c="dimmed" maw={420}>
              {o.blocked}
            </Text>
          ))}
        </Stack>
      ) : (
        buttons
      )}
      <ConfirmDialog
        opened={asking !== null}
        title={t('workflow.confirmTitle', { move: askingLabel, record: noun })}
        message={
          figures && figures.amount
            ? t(figures.vault ? 'workflow.confirmMoney' : 'workflow.confirmAmount', {
                move: askingLabel,
                name,
                amount: figures.amount,
                vault: figures.vault,
              })
            : t('workflow.confirmMove', { move: askingLabel, name })
        }
        confirmLabel={askingLabel}
        danger={asking?.color === 'red'}
        loading={save.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          if (!asking) return;
          if (asking.reason && !reason.trim()) {
            setReasonError(t('workflow.reasonRequired'));
            return;
          }
          run(asking, reason.trim());
        }}
        focus={asking?.reason ? 'cancel' : 'confirm'}
      >
        {asking && consequences[asking.to] && <Text size="sm">{consequences[asking.to]}</Text>}
        {asking?.reason && (
          <Textarea
            label={t('workflow.reason')}
            description={t('workflow.reasonHelp')}
            required
            autosize
            minRows={2}
            maxLength={2000}
            value={reason}
            error={reasonError || undefined}
            onChange={(e) => {
              setReason(e.currentTarget.value);
              if (reasonError) setReasonError('');
            }}
            data-autofocus
          />
        )}
      </ConfirmDialog>
    </>
  );
}
