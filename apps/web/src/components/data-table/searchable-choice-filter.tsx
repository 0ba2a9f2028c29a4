import { Select } from '@mantine/core';
import type { ChoiceFilterProps } from './choice-filter';

/** A filter whose long list of choices is searched by typing (choice-filter.tsx). */
export default function SearchableChoiceFilter({
  label,
  options,
  value,
  onChange,
  width,
}: ChoiceFilterProps) {
  return (
    <Select
      aria-label={label}
      placeholder={label}
      data={options}
      value={value}
      onChange={(next) => onChange(next ?? '')}
      allowDeselect={false}
      searchable
      style={{ width, maxWidth: '100%' }}
      comboboxProps={{ width: 'max-content' }}
    />
  );
}
