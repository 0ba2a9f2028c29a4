import {
  MultiSelect,
  Select,
  type ComboboxData,
  type MultiSelectProps,
  type SelectProps,
} from '@mantine/core';

type SelectFieldProps = Omit<SelectProps, 'value' | 'onChange' | 'data'> & {
  value: string | null;
  onChange: (value: string | null) => void;
  data: ComboboxData;
};

/** A single choice from a list. */
export function SelectField({ value, onChange, data, ...rest }: SelectFieldProps) {
  return (
    <Select
      allowDeselect={false}
      checkIconPosition="right"
      {...rest}
      data={data}
      value={value}
      onChange={(v) => onChange(v)}
    />
  );
}

type MultiSelectFieldProps = Omit<MultiSelectProps, 'value' | 'onChange' | 'data'> & {
  value: string[];
  onChange: (value: string[]) => void;
  data: ComboboxData;
};

/** Several choices from a list. */
export function MultiSelectField({ value, onChange, data, ...rest }: MultiSelectFieldProps) {
  return (
    <MultiSelect
      checkIconPosition="right"
      hidePickedOptions
      {...rest}
      data={data}
      value={value}
      onChange={onChange}
    />
  );
}
