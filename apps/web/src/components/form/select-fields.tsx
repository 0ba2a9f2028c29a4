import type { ComboboxData, MultiSelectProps, SelectProps } from '@mantine/core';
import { fieldOnDemand, moduleOnDemand } from '@/lib/on-demand';
import { ChoiceStandIn } from './choice-stand-in';

export type SelectFieldProps = Omit<SelectProps, 'value' | 'onChange' | 'data'> & {
  value: string | null;
  onChange: (value: string | null) => void;
  data: ComboboxData;
};

export type MultiSelectFieldProps = Omit<MultiSelectProps, 'value' | 'onChange' | 'data'> & {
  value: string[];
  onChange: (value: string[]) => void;
  data: ComboboxData;
};

/** The label of each chosen value, from the options as Mantine takes them (groups too). */
export function choiceLabels(data: ComboboxData, values: readonly string[]): string {
  const labels = new Map<string, string>();
  const add = (item: unknown) => {
    if (typeof item === 'string') labels.set(item, item);
    else if (item && typeof item === 'object' && 'items' in item)
      (item.items as unknown[]).forEach(add);
    else if (item && typeof item === 'object' && 'value' in item)
      labels.set(String(item.value), String((item as { label?: unknown }).label ?? item.value));
  };
  (data as unknown[]).forEach(add);
  return values.map((value) => labels.get(value) ?? value).join(', ');
}

/** The stand-in's share of a select's props. */
function standInProps(props: SelectFieldProps | MultiSelectFieldProps) {
  return {
    label: props.label,
    description: props.description,
    placeholder: props.placeholder,
    error: props.error,
    required: props.required,
    disabled: props.disabled,
    size: props.size,
    leftSection: props.leftSection,
    className: props.className,
    style: props.style,
    w: props.w,
    maw: props.maw,
    id: props.id,
    'aria-label': props['aria-label'],
    searchable: props.searchable,
  } as const;
}

// Mantine's selects (their combobox, dropdown, list and positioning: about 35 KB gzip with
// floating-ui) come when the person first opens one (choice-fields-open.tsx).
type ChoiceFieldsModule = typeof import('./choice-fields-open');
export const choiceFields = moduleOnDemand<ChoiceFieldsModule>(
  () => import('./choice-fields-open'),
);

/** A single choice from a list. */
export const SelectField = fieldOnDemand<SelectFieldProps, ChoiceFieldsModule>(
  choiceFields,
  (module) => module.OpenSelectField,
  ({ onWanted, onNear, busy, ...props }) => (
    <ChoiceStandIn
      {...standInProps(props)}
      text={props.value === null ? '' : choiceLabels(props.data, [props.value])}
      onWanted={onWanted}
      onNear={onNear}
      busy={busy}
    />
  ),
);

/** Several choices from a list. */
export const MultiSelectField = fieldOnDemand<MultiSelectFieldProps, ChoiceFieldsModule>(
  choiceFields,
  (module) => module.OpenMultiSelectField,
  ({ onWanted, onNear, busy, ...props }) => (
    <ChoiceStandIn
      {...standInProps(props)}
      text={choiceLabels(props.data, props.value)}
      onWanted={onWanted}
      onNear={onNear}
      busy={busy}
    />
  ),
);
