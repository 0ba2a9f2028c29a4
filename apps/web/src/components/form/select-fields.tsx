import type { ComboboxData, MultiSelectProps, SelectProps } from '@mantine/core';
import { fieldOnDemand, moduleOnDemand, type StandInProps } from '@/lib/on-demand';
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

/** The stand-in of a select, naming the values `chosen` picks from its props. */
function selectStandIn<T extends SelectFieldProps | MultiSelectFieldProps>(
  chosen: (props: T) => string[],
) {
  return function SelectStandIn({ onWanted, onNear, busy, ...rest }: T & StandInProps) {
    const props = rest as unknown as T;
    return (
      <ChoiceStandIn
        label={props.label}
        description={props.description}
        placeholder={props.placeholder}
        error={props.error}
        required={props.required}
        disabled={props.disabled}
        size={props.size}
        leftSection={props.leftSection}
        className={props.className}
        style={props.style}
        w={props.w}
        maw={props.maw}
        id={props.id}
        aria-label={props['aria-label']}
        searchable={props.searchable}
        text={choiceLabels(props.data, chosen(props))}
        onWanted={onWanted}
        onNear={onNear}
        busy={busy}
      />
    );
  };
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
  selectStandIn<SelectFieldProps>((props) => (props.value === null ? [] : [props.value])),
);

/** Several choices from a list. */
export const MultiSelectField = fieldOnDemand<MultiSelectFieldProps, ChoiceFieldsModule>(
  choiceFields,
  (module) => module.OpenMultiSelectField,
  selectStandIn<MultiSelectFieldProps>((props) => props.value),
);
