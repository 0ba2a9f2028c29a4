import type { RecordModel } from 'pocketbase';
import { useTranslation } from '@/lib/i18n/use-translation';
import { fieldOnDemand, type StandInProps } from '@/lib/on-demand';
import { useRecordsByIds } from '@/lib/data/records';
import { ChoiceStandIn, type FieldFrameProps } from './choice-stand-in';
import { choiceFields } from './select-fields';

export type RelationPickerCommonProps = FieldFrameProps & {
  /** The related collection, e.g. `roles`. */
  collection: string;
  /** The field searched and shown, e.g. `title`. */
  displayField: string;
  /** Limits the choices (a filter expression), e.g. only active employees. */
  filter?: string;
  /** The text of an option; the display field by default. */
  describe?: (record: RecordModel) => string;
  onBlur?: () => void;
};

export type RelationPickerProps = RelationPickerCommonProps & {
  value: string | null;
  onChange: (value: string | null) => void;
};

export type RelationMultiPickerProps = RelationPickerCommonProps & {
  value: string[];
  onChange: (value: string[]) => void;
};

/** The text of a related record's option. */
export function relationLabel(
  { describe, displayField }: RelationPickerCommonProps,
  record: RecordModel,
): string {
  return describe ? describe(record) : String(record[displayField] ?? record.id);
}

/** A relation picker before its code has arrived: the chosen records' names, read-only. */
function RelationStandIn({
  selected,
  onWanted,
  onNear,
  busy,
  ...props
}: RelationPickerCommonProps & StandInProps & { selected: string[] }) {
  const { t } = useTranslation();
  const records = useRecordsByIds(props.collection, selected);
  const byId = new Map((records.data ?? []).map((r) => [r.id, relationLabel(props, r)]));
  return (
    <ChoiceStandIn
      label={props.label}
      description={props.description}
      placeholder={props.placeholder ?? t('form.relation.placeholder')}
      error={props.error}
      required={props.required}
      disabled={props.disabled}
      searchable
      text={selected.map((id) => byId.get(id) ?? '').join(', ')}
      onWanted={onWanted}
      onNear={onNear}
      busy={busy}
    />
  );
}

/** Picks one record of another collection, searching the server as the user types. */
export const RelationPicker = fieldOnDemand<
  RelationPickerProps,
  typeof import('./choice-fields-open')
>(
  choiceFields,
  (module) => module.OpenRelationPicker,
  ({ value, onChange: _onChange, ...props }) => (
    <RelationStandIn {...props} selected={value ? [value] : []} />
  ),
);

/** Picks several records of another collection, searching the server as the user types. */
export const RelationMultiPicker = fieldOnDemand<
  RelationMultiPickerProps,
  typeof import('./choice-fields-open')
>(
  choiceFields,
  (module) => module.OpenRelationMultiPicker,
  ({ value, onChange: _onChange, ...props }) => <RelationStandIn {...props} selected={value} />,
);
