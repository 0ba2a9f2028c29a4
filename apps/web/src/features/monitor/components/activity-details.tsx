import { Badge, Code, Drawer, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import {
  activitySentence,
  categoryLabel,
  choiceLabel,
  collectionLabel,
  fieldLabel,
  recordHref,
  recordName,
} from '@/components/activity/activity-words';
import { formatDateTime } from '@/lib/format/date';
import type { ActivityRecord } from '@/lib/models';
import { diffRecords, namedIds, showValue, type ValueWords } from './record-diff';
import { useRelatedNames } from '../api/use-related-names';
import { TableScroll } from '@/components/data-table/table-scroll';
import { ActionBadge } from './action-badge';

type ActivityDetailsProps = { activity: ActivityRecord | null; onClose: () => void };

/**
 * One audit record: who, what, when, and the before/after diff. Fetched on the first opening
 * (./activity-monitor.tsx): its drawer brings Mantine's focus trap and scroll lock, which the
 * list does not need until then.
 */
export default function ActivityDetails({ activity, onClose }: ActivityDetailsProps) {
  const { t } = useTranslation();
  // Mounted by the first opening without its record (`closed` in ./activity-monitor.tsx): it
  // opens a render later, and so gives the focus back on closing.
  const opened = activity !== null;
  const rows = activity ? diffRecords(activity.before, activity.after) : [];
  // The server leaves a record's values out for a reader who may not view its collection.
  const withheld = !!activity?.collection && !('before' in activity) && !('after' in activity);
  const names = useRelatedNames(activity?.id ?? null, withheld ? undefined : activity?.collection);
  const words: ValueWords = { names: names.data, yes: t('monitor.yes'), no: t('monitor.no') };
  // A creation has nothing before it and a deletion nothing after: one column of values.
  const sides = activity ? shownSides(activity) : [];
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="xl"
      title={t('monitor.details')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {activity && (
        <Stack gap="md">
          <Group gap="xs">
            <ActionBadge action={activity.action} />
            {activity.collection && (
              <Badge variant="outline" tt="none">
                {collectionLabel(t, activity.collection)}
              </Badge>
            )}
            {activity.categories?.map((c) => (
              <Badge key={c} variant="light" color="gray" tt="none">
                {categoryLabel(t, c)}
              </Badge>
            ))}
          </Group>
          <Text fw={600}>{activitySentence(t, activity)}</Text>
          {recordHref(activity) && !withheld && (
            <Anchor component={Link} to={recordHref(activity)!} size="sm">
              {t('monitor.openRecord', { name: recordName(t, activity) })}
            </Anchor>
          )}
          <Text size="sm">
            <b>{activity.actor_name || activity.actor || t('monitor.system')}</b>{' '}
            {activity.actor_email && (
              <Text span c="dimmed">
                ({activity.actor_email})
              </Text>
            )}
          </Text>
          <Text size="sm" c="dimmed" data-own-direction>
            {formatDateTime(activity.created)} · {activity.ip || '—'} · {activity.record || '—'}
          </Text>
          {activity.comment && <Text size="sm">{activity.comment}</Text>}
          <Title order={3} fz="md">
            {t('monitor.changes')}
          </Title>
          {withheld ? (
            <Text size="sm" c="dimmed">
              {t('monitor.valuesWithheld')}
            </Text>
          ) : rows.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('monitor.noChanges')}
            </Text>
          ) : (
            <TableScroll minWidth={340} label={t('monitor.changes')}>
              <Table withTableBorder withColumnBorders fz="xs" aria-label={t('monitor.changes')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('monitor.field')}</Table.Th>
                    {sides.map((side) => (
                      <Table.Th key={side}>
                        {sides.length === 1 ? t('monitor.value') : t(`monitor.${side}`)}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((row) => (
                    <Table.Tr key={row.key}>
                      {/* The field's name, and its stored name for whoever reads the JSON. */}
                      <Table.Td>
                        <Text size="xs" fw={600}>
                          {fieldLabel(t, activity.collection, row.key)}
                        </Text>
                        <Text size="xs" c="dimmed" ff="monospace" data-own-direction>
                          {row.key}
                        </Text>
                      </Table.Td>
                      {sides.map((side) => (
                        <ValueCell
                          key={side}
                          value={row[side]}
                          words={{
                            ...words,
                            choice: (value) => choiceLabel(t, activity.collection, row.key, value),
                          }}
                          tone={side === 'before' ? 'red' : 'green'}
                        />
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </TableScroll>
          )}
          {/* One above the other on a phone: side by side, each was a few words wide. */}
          {!withheld && (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <Stack gap={4}>
                <Text size="xs" fw={600}>
                  {t('monitor.oldValue')}
                </Text>
                <Code block>{JSON.stringify(activity.before ?? null, null, 2)}</Code>
              </Stack>
              <Stack gap={4}>
                <Text size="xs" fw={600}>
                  {t('monitor.newValue')}
                </Text>
                <Code block>{JSON.stringify(activity.after ?? null, null, 2)}</Code>
              </Stack>
            </SimpleGrid>
          )}
        </Stack>
      )}
    </Drawer>
  );
}

/** Both sides of the change, or the only one that holds a record (a creation, a deletion). */
function shownSides(activity: ActivityRecord): Array<'before' | 'after'> {
  const held = (snapshot: unknown) => snapshot !== null && typeof snapshot === 'object';
  if (!held(activity.before) && held(activity.after)) return ['after'];
  if (held(activity.before) && !held(activity.after)) return ['before'];
  return ['before', 'after'];
}

/**
 * A value before or after the change, as people read it: a related record by its name (its
 * stored id beneath, to find it in the JSON), a date in the reader's format, yes or no.
 */
function ValueCell({
  value,
  words,
  tone,
}: {
  value: unknown;
  words: ValueWords;
  tone: 'red' | 'green';
}) {
  const ids = namedIds(value, words.names);
  return (
    // Its own direction: a date or an address keeps its order on an Arabic screen, where the
    // cell's direction would swap its parts (global.css).
    <Table.Td
      bg={`var(--mantine-color-${tone}-0)`}
      style={{ overflowWrap: 'anywhere' }}
      data-own-direction
    >
      {showValue(value, words)}
      {ids.length > 0 && (
        <Text size="xs" c="dimmed" ff="monospace" data-own-direction>
          {ids.join(', ')}
        </Text>
      )}
    </Table.Td>
  );
}
