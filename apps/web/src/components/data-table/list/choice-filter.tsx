import { NativeSelect } from '@mantine/core';
import { SelectField } from '@/components/form/select-fields';

export type ChoiceFilterProps = {
  label: string;
  /** The choices, the first being "Any …" (the empty value). */
  options: { value: string; label: string }[];
  value: string;
  onChange: (value: string) => void;
  /** A long list of choices (people) can be searched by typing. */
  searchable?: boolean;
  width: string;
};

/**
 * A list's filter by one of a few choices: the browser's own select, styled as the app's inputs.
 * It weighs nearly nothing, opens the phone's own picker, and works with the keyboard (arrows,
 * typing the first letters) and screen readers as every select does. A searchable filter is
 * Mantine's select, searched by typing, whose code comes when it is first opened.
 */
export function ChoiceFilter(props: ChoiceFilterProps) {
  const { label, options, value, onChange, searchable, width } = props;
  const native = (
    <NativeSelect
      aria-label={label}
      title={label}
      data={options}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      style={{ width, maxWidth: '100%' }}
    />
  );
  if (!searchable) return native;
  return (
    <SelectField
      aria-label={label}
      placeholder={label}
      data={options}
      value={value}
      onChange={(next) => onChange(next ?? '')}
      searchable
      style={{ width, maxWidth: '100%' }}
      comboboxProps={{ width: 'max-content' }}
    />
  );
}
