import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { PURCHASE_WORKFLOW, REQUEST_WORKFLOW } from '@app/schema';
import { HistoryButton } from '@/components/activity/history-button';
import { useTranslation } from '@/lib/i18n/use-translation';
import { useSearchParams } from 'react-router';
import { EntryDialog } from '@/components/resource/entry-dialog';
import type { FieldSpec } from '@/components/resource/field-widget';
import { FileLinks } from '@/components/resource/file-links';
import { Money } from '@/components/resource/money';
import { resolveColumns } from '@/components/resource/declared-columns';
import { bodyOf } from '@/components/resource/common/declarations';
import { labelsOf } from '@/components/resource/field-label';
import { RecordTable } from '@/components/resource/record-table';
import { dateRangeFilters, declaredChoiceFilter } from '@/components/resource/list-filters';
import { RecordList } from '@/components/resource/record-section';
import { RemoveRecordDialog } from '@/components/resource/remove-record-dialog';
import { RichTextView } from '@/components/resource/rich-text-view';
import { useChildRecords } from '@/components/resource/use-records';
import { BASE_CURRENCY } from '@/config/constants';
import { formatDate } from '@/lib/format/date';
import { equalsFilter, useRecord } from '@/lib/data/records';
import { useAccount } from '@/lib/session';
import { deletableNow, fieldEditableNow, heldRules, stateLabelOf } from '@/lib/workflow';
import { WorkflowActions } from '@/components/workflow/workflow-actions';
import { WorkflowBadge } from '@/components/workflow/workflow-badge';
import {
  PROJECT_MONEY_MOVES,
  PURCHASE_COMMENTS,
  PURCHASES,
  REQUEST_COMMENTS,
  REQUEST_ITEMS,
  REQUESTS,
  type PurchaseRecord,
  type RequestItemRecord,
  type RequestRecord,
} from '../../finance-types';
import { BillsPanel, CommentsThread, seatFlags, useCommitteeSeat, type Seat } from './workflow';

/** What differs between financial requests and purchases; everything else is shared. */
type Kind = {
  key: 'requests' | 'purchases';
  collection: typeof REQUESTS | typeof PURCHASES;
  comments: typeof REQUEST_COMMENTS | typeof PURCHASE_COMMENTS;
  ownerField: 'request' | 'purchase';
  committee: 'financial' | 'purchases';
  /** The URL parameter of the open record, so a link or a reload opens it again. */
  param: string;
};

const REQUEST_KIND: Kind = {
  key: 'requests',
  collection: REQUESTS,
  comments: REQUEST_COMMENTS,
  ownerField: 'request',
  committee: 'financial',
  param: 'request',
};
const PURCHASE_KIND: Kind = {
  key: 'purchases',
  collection: PURCHASES,
  comments: PURCHASE_COMMENTS,
  ownerField: 'purchase',
  committee: 'purchases',
  param: 'purchase',
};

type Workflowed = RequestRecord | PurchaseRecord;
const amountOf = (r: Workflowed) => ('price' in r ? r.price : r.amount);

/** Financial Requests: the list with status chips, and a request's page with its items. */
export function RequestsPanel({ projectId }: { projectId: string }) {
  return <WorkflowPanel kind={REQUEST_KIND} projectId={projectId} />;
}

/** Purchases: the same workflow with a price instead of items. */
export function PurchasesPanel({ projectId }: { projectId: string }) {
  return <WorkflowPanel kind={PURCHASE_KIND} projectId={projectId} />;
}

function WorkflowPanel({ kind, projectId }: { kind: Kind; projectId: string }) {
  const [params, setParams] = useSearchParams();
  const seat = useCommitteeSeat(kind.committee, projectId);
  const open = params.get(kind.param);
  const show = (id: string | null) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (id) next.set(kind.param, id);
      else next.delete(kind.param);
      return next;
    });
  return open ? (
    <WorkflowView kind={kind} id={open} seat={seat} onBack={() => show(null)} />
  ) : (
    <WorkflowList kind={kind} projectId={projectId} seat={seat} onOpen={show} />
  );
}

type HeadValues = { title: string; details: string; price?: number | null };

/** The head of a request or a purchase, as its add and edit dialogs ask for it. */
function headFields(kind: Kind): FieldSpec<HeadValues>[] {
  return [
    { name: 'title' },
    ...(kind.key === 'purchases' ? [{ name: 'price' as const }] : []),
    { name: 'details' },
  ];
}

function WorkflowList({
  kind,
  projectId,
  seat,
  onOpen,
}: {
  kind: Kind;
  projectId: string;
  seat: Seat;
  onOpen: (id: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const f = (key: string, values?: Record<string, unknown>) =>
    t(`projects.finance.${kind.key}.${key}`, values);
  const field = labelsOf(t, kind.collection);
  // A request's amount is the sum of its items; a purchase's is its price.
  const amountField = kind.key === 'purchases' ? 'price' : 'amount';
  const [adding, setAdding] = useState(false);
  return (
    <Stack gap="md">
      <RecordList<Workflowed>
        collection={kind.collection}
        baseFilter={equalsFilter('project', projectId)}
        defaultSort="-created"
        expand="creator"
        paramPrefix={kind.key}
        caption={f('title')}
        heading={{
          title: f('title'),
          help: seat.canCreate ? f('help') : f('helpNoSeat'),
          add: seat.canCreate ? { label: f('add'), onClick: () => setAdding(true) } : undefined,
        }}
        searchFields={['title', 'details', 'creator.name']}
        searchLabel={t('table.searchIn', { title: f('title') })}
        filters={[
          declaredChoiceFilter(
            kind.collection,
            'status',
            field('status'),
            stateLabelOf(kind.collection, i18n.language),
          ),
          ...dateRangeFilters('created', { from: t('table.from'), to: t('table.to') }),
        ]}
        sortable={{ created: true }}
        csvFileName={kind.key}
        csvCells={{
          creator: (r) => r.expand?.creator?.name ?? '',
          [amountField]: (r) => amountOf(r),
          created: (r) => formatDate(r.created, ''),
        }}
        minWidth={680}
        stackOnPhone
        nowrap
        emptyTitle={f('empty')}
        columns={[
          {
            field: 'title',
            strong: true,
            sort: true,
            render: (r) => (
              <Anchor
                component="button"
                type="button"
                fw={600}
                onClick={() => onOpen(r.id)}
                ta="start"
              >
                {r.title}
              </Anchor>
            ),
          },
          { field: 'creator', render: (r) => r.expand?.creator?.name ?? '—' },
          {
            field: amountField,
            strong: true,
            sort: true,
            render: (r) => <Money value={amountOf(r)} />,
          },
          {
            field: 'status',
            render: (r) => <WorkflowBadge collection={kind.collection} status={r.status} />,
          },
          {
            key: 'created',
            header: t('projects.finance.createdOn'),
            render: (r) => formatDate(r.created),
          },
        ]}
      />
      {adding && (
        <EntryDialog<Workflowed, HeadValues>
          collection={kind.collection}
          record={null}
          size="lg"
          title={f('addTitle')}
          fields={headFields(kind)}
          initialValues={{
            title: '',
            details: '',
            ...(kind.key === 'purchases' ? { price: null } : {}),
          }}
          toBody={(v) => ({ project: projectId, ...v, title: v.title.trim() })}
          onClose={() => setAdding(false)}
          onSaved={(saved) => {
            setAdding(false);
            notifications.show({ color: 'green', message: f('created', { title: saved.title }) });
            onOpen(saved.id);
          }}
        />
      )}
    </Stack>
  );
}

/** One request or purchase: its head, the status action, its items, bills and comments. */
function WorkflowView({
  kind,
  id,
  seat,
  onBack,
}: {
  kind: Kind;
  id: string;
  seat: Seat;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const f = (key: string, values?: Record<string, unknown>) =>
    t(`projects.finance.${kind.key}.${key}`, values);
  const field = labelsOf(t, kind.collection);
  const account = useAccount();
  const record = useRecord<Workflowed>(kind.collection, id, { expand: 'creator,project' });
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState<Workflowed | null>(null);
  const back = (
    <Button
      variant="subtle"
      leftSection={<IconArrowLeft size={16} />}
      onClick={onBack}
      w="fit-content"
    >
      {f('back')}
    </Button>
  );
  if (record.isError || !record.data) {
    return (
      <Stack>
        {back}
        {record.isError ? (
          <Text role="alert">{f('missing')}</Text>
        ) : (
          <Text c="dimmed">{t('common.loading')}</Text>
        )}
      </Stack>
    );
  }
  const r = record.data;
  const creator = r.creator === account?.id;
  const flow = kind.collection === REQUESTS ? REQUEST_WORKFLOW : PURCHASE_WORKFLOW;
  // The server decides, by the same declaration; these only hide what it would refuse.
  const mayEdit = fieldEditableNow(flow, r, 'title') && (creator || seat.member);
  const mayRemove = deletableNow(flow, r) && (creator || seat.canCreate);
  const billsOpen = fieldEditableNow(flow, r, 'bills') && (creator || seat.member);

  return (
    <Stack gap="lg">
      {back}
      <Paper withBorder radius="lg" p="md">
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Group gap="sm">
              <Title order={2} fz="xl">
                {r.title}
              </Title>
              <WorkflowBadge collection={kind.collection} status={r.status} />
            </Group>
            <Group gap="xs">
              <HistoryButton collection={kind.collection} record={r.id} size="compact-sm" />
              <WorkflowActions
                collection={kind.collection}
                record={r}
                seat={seatFlags(seat)}
                name={r.title}
                page
              />
            </Group>
          </Group>
          <Group gap="lg" wrap="wrap">
            <Text size="sm">
              {field('creator')}: <b>{r.expand?.creator?.name ?? '—'}</b>
            </Text>
            <Text size="sm">
              {field(kind.key === 'purchases' ? 'price' : 'amount')}:{' '}
              <b>
                <Money value={amountOf(r)} />
              </b>
            </Text>
            <Text size="sm">
              {t('projects.finance.createdOn')}: {formatDate(r.created)}
            </Text>
          </Group>
          <RichTextView html={r.details} empty={t('projects.finance.noDetails')} />
          {(mayEdit || mayRemove) && (
            <Group gap="xs">
              {mayEdit && (
                <Button size="compact-sm" variant="light" onClick={() => setEditing(true)}>
                  {t('projects.finance.edit')}
                </Button>
              )}
              {mayRemove && (
                <Button
                  size="compact-sm"
                  variant="light"
                  color="red"
                  onClick={() => setRemoving(r)}
                >
                  {t('projects.finance.remove')}
                </Button>
              )}
            </Group>
          )}
        </Stack>
      </Paper>
      {kind.key === 'requests' && (
        <ItemsTable request={r as RequestRecord} mayEdit={creator || seat.member} />
      )}
      <BillsPanel
        collection={kind.collection}
        record={r}
        editable={billsOpen}
        alsoRefresh={PROJECT_MONEY_MOVES}
      />
      <CommentsThread
        collection={kind.comments}
        ownerField={kind.ownerField}
        ownerId={r.id}
        seat={seat}
      />
      {editing && (
        <EntryDialog<Workflowed, HeadValues>
          collection={kind.collection}
          record={r}
          size="lg"
          title={f('editTitle')}
          fields={headFields(kind)}
          initialValues={{
            title: r.title,
            details: r.details ?? '',
            ...('price' in r ? { price: r.price } : {}),
          }}
          toBody={(v) => ({ ...v, title: v.title.trim() })}
          onClose={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            notifications.show({
              color: 'green',
              message: t('projects.finance.saved', { name: r.title }),
            });
          }}
        />
      )}
      <RemoveRecordDialog<Workflowed>
        collection={kind.collection}
        alsoRefresh={PROJECT_MONEY_MOVES}
        record={removing}
        message={(x) => t('projects.finance.removeConfirm', { name: x.title })}
        onClose={() => setRemoving(null)}
        onRemoved={onBack}
      />
    </Stack>
  );
}

type ItemValues = {
  budget_line: string | null;
  title: string;
  details: string;
  quantity: number | null;
  currency: string;
  unit_price: number | null;
  exchange_rate: number | null;
  store_name: string;
  store_address: string;
  bill_number: string;
  bills: File[];
};

/**
 * A request's items: each on a budget line, in its own currency, with the total and the base
 * amount the server computed (base = total / rate, where 1 base unit = rate units).
 */
function ItemsTable({ request, mayEdit }: { request: RequestRecord; mayEdit: boolean }) {
  const { t } = useTranslation();
  const f = (key: string) => t(`projects.finance.items.${key}`);
  const items = useChildRecords<RequestItemRecord>(REQUEST_ITEMS, 'financial_request', request.id, {
    sort: 'created',
    expand: 'budget_line',
  });
  const [editing, setEditing] = useState<{ record: RequestItemRecord | null } | null>(null);
  const [removing, setRemoving] = useState<RequestItemRecord | null>(null);
  // What the request's state allows its items, as its workflow declares.
  const rules = heldRules(REQUEST_WORKFLOW, REQUEST_ITEMS, request);
  const open = rules.create;
  const frozen = rules.frozen;
  // Approved: only the fields of the bill and the store are sent.
  const billOnly = frozen;
  const fields = [
    { name: 'budget_line' as const, props: { filter: equalsFilter('project', request.project) } },
    { name: 'title' as const },
    { name: 'quantity' as const, half: true },
    {
      name: 'currency' as const,
      half: true,
      description: f('currencyHelp'),
      props: { maxLength: 3, dir: 'ltr' },
    },
    { name: 'unit_price' as const, half: true, widget: 'number' as const },
    { name: 'exchange_rate' as const, half: true, description: f('rateHelp') },
    { name: 'store_name' as const, half: true },
    { name: 'store_address' as const, half: true },
    { name: 'bill_number' as const, half: true },
    { name: 'details' as const },
    { name: 'bills' as const },
  ].filter((spec) => rules.editable(spec.name) || !rules.any);

  return (
    <Stack gap="xs">
      {frozen && (
        <Group gap={6}>
          <IconLock size={16} aria-hidden />
          <Text size="sm" c="dimmed">
            {rules.any ? f('frozenBills') : f('frozen')}
          </Text>
        </Group>
      )}
      <RecordTable<RequestItemRecord>
        title={f('heading')}
        query={items}
        minWidth={1000}
        nowrap
        emptyTitle={f('empty')}
        emptyHint={open && mayEdit ? f('emptyHint') : undefined}
        add={
          open && mayEdit
            ? { label: f('add'), onClick: () => setEditing({ record: null }) }
            : undefined
        }
        onEdit={mayEdit && rules.any ? (record) => setEditing({ record }) : undefined}
        onRemove={rules.delete && mayEdit ? setRemoving : undefined}
        editLabel={(i) => t('projects.finance.editOf', { name: i.title })}
        removeLabel={(i) => t('projects.finance.removeOf', { name: i.title })}
        columns={
          resolveColumns<RequestItemRecord>(t, REQUEST_ITEMS, [
            // The names wrap, so that the prices and the row's buttons stay in view.
            { field: 'title', strong: true, long: true },
            { field: 'budget_line', long: true },
            { field: 'quantity', render: (i) => <span dir="ltr">{i.quantity}</span> },
            {
              field: 'unit_price',
              render: (i) => <Money value={i.unit_price} currency={i.currency} />,
            },
            {
              field: 'total_price',
              render: (i) => <Money value={i.total_price} currency={i.currency} />,
            },
            {
              field: 'exchange_rate',
              render: (i) => (
                <span dir="ltr">{`1 ${BASE_CURRENCY} = ${i.exchange_rate} ${i.currency}`}</span>
              ),
            },
            { field: 'base_amount', strong: true, render: (i) => <Money value={i.base_amount} /> },
            {
              field: 'store_name',
              long: true,
              render: (i) =>
                [i.store_name, i.store_address, i.bill_number && `#${i.bill_number}`]
                  .filter(Boolean)
                  .join(' · ') || '—',
            },
            {
              field: 'bills',
              render: (i) => (
                <FileLinks
                  record={i}
                  names={i.bills}
                  empty={f('withoutBill')}
                  label={f('billsOf')}
                />
              ),
            },
          ]).columns
        }
      />
      {editing && (
        <EntryDialog<RequestItemRecord, ItemValues>
          collection={REQUEST_ITEMS}
          alsoRefresh={PROJECT_MONEY_MOVES}
          record={editing.record}
          size="lg"
          title={editing.record ? f('editTitle') : f('add')}
          fields={fields}
          initialValues={{
            budget_line: editing.record?.budget_line || null,
            title: editing.record?.title ?? '',
            details: editing.record?.details ?? '',
            quantity: editing.record?.quantity ?? 1,
            currency: editing.record?.currency ?? 'USD',
            unit_price: editing.record?.unit_price ?? null,
            exchange_rate: editing.record?.exchange_rate ?? 1,
            store_name: editing.record?.store_name ?? '',
            store_address: editing.record?.store_address ?? '',
            bill_number: editing.record?.bill_number ?? '',
            bills: [],
          }}
          toBody={(v) => {
            const { bills, details, store_name, store_address, bill_number, ...rest } = v;
            // What may change once approved: texts trimmed, new bills added to the stored ones.
            const text = bodyOf(REQUEST_ITEMS, {
              details,
              store_name,
              store_address,
              bill_number,
              bills,
            });
            if (billOnly) return text;
            return {
              ...rest,
              ...text,
              financial_request: request.id,
              budget_line: rest.budget_line ?? '',
              title: rest.title.trim(),
              currency: rest.currency.trim().toUpperCase(),
            };
          }}
          onClose={() => setEditing(null)}
          onSaved={() => {
            notifications.show({ color: 'green', message: f('saved') });
            setEditing(null);
          }}
        />
      )}
      <RemoveRecordDialog<RequestItemRecord>
        collection={REQUEST_ITEMS}
        alsoRefresh={PROJECT_MONEY_MOVES}
        record={removing}
        message={(i) => t('projects.finance.removeConfirm', { name: i.title })}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}
