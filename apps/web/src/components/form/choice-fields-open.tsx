import { Loader, MultiSelect, Select, type ComboboxItem, type OptionsFilter } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { useFocusedOnArrival, useOpensOnArrival, type ArrivalProps } from '@/lib/on-demand';
import { useRecordSearch, useRecordsByIds } from '@/lib/data/records';
import {
  relationLabel,
  type RelationMultiPickerProps,
  type RelationPickerCommonProps,
  type RelationPickerProps,
} from './relation-picker';
import type { MultiSelectFieldProps, SelectFieldProps } from './select-fields';

/*
 * The choice fields themselves, on Mantine's selects: fetched when the person first opens one
 * (select-fields.tsx and relation-picker.tsx show a light stand-in until then). One brought by
 * the person's click or key takes the focus with its list open (useOpensOnArrival); one that
 * searches opens as it takes the focus, as Mantine's searchable selects do.
 */

export function OpenSelectField({
  value,
  onChange,
  data,
  arrived,
  ...rest
}: SelectFieldProps & ArrivalProps) {
  const opens = useOpensOnArrival(arrived);
  const input = useFocusedOnArrival<HTMLInputElement>(opens);
  return (
    <Select
      ref={input}
      allowDeselect={false}
      checkIconPosition="right"
      {...rest}
      defaultDropdownOpened={opens && !rest.searchable}
      data={data}
      value={value}
      onChange={(v) => onChange(v)}
    />
  );
}

export function OpenMultiSelectField({
  value,
  onChange,
  data,
  arrived,
  ...rest
}: MultiSelectFieldProps & ArrivalProps) {
  const opens = useOpensOnArrival(arrived);
  const input = useFocusedOnArrival<HTMLInputElement>(opens);
  return (
    <MultiSelect
      ref={input}
      checkIconPosition="right"
      hidePickedOptions
      {...rest}
      defaultDropdownOpened={opens && !rest.searchable}
      data={data}
      value={value}
      onChange={onChange}
    />
  );
}

const SEARCH_DEBOUNCE_MS = 300;

/**
 * What a relation picker's select is given, one record or several: its field's props, the
 * options found on the server for what is typed, and the focus when it arrives opened.
 */
function useRelationSelect(props: RelationPickerCommonProps & ArrivalProps, selected: string[]) {
  const { t } = useTranslation();
  const input = useFocusedOnArrival<HTMLInputElement>(useOpensOnArrival(props.arrived));
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const { collection, displayField, filter, describe } = props;
  const results = useRecordSearch(collection, displayField, debounced, { filter });
  const current = useRecordsByIds(collection, selected);
  const data = useMemo(() => {
    const label = (r: Parameters<typeof relationLabel>[1]) =>
      relationLabel({ collection, displayField, describe }, r);
    const byId = new Map<string, ComboboxItem>();
    for (const r of current.data ?? []) byId.set(r.id, { value: r.id, label: label(r) });
    for (const r of results.data?.items ?? []) byId.set(r.id, { value: r.id, label: label(r) });
    // A selected id whose record is not loaded (yet) still needs an option.
    for (const id of selected) if (!byId.has(id)) byId.set(id, { value: id, label: id });
    return [...byId.values()];
  }, [current.data, results.data, selected, describe, displayField, collection]);
  const loading = results.isFetching || current.isFetching;
  return {
    label: props.label,
    description: props.description,
    placeholder: props.placeholder ?? t('form.relation.placeholder'),
    error: props.error,
    required: props.required,
    disabled: props.disabled,
    onBlur: props.onBlur,
    ref: input,
    data,
    searchable: true,
    clearable: true,
    searchValue: search,
    onSearchChange: setSearch,
    // The server already filtered by the search text.
    filter: keepAll,
    nothingFoundMessage: loading ? t('common.loading') : t('form.relation.nothingFound'),
    rightSection: loading ? <Loader size={14} /> : undefined,
  };
}

const keepAll: OptionsFilter = ({ options }) => options;

export function OpenRelationPicker(props: RelationPickerProps & ArrivalProps) {
  const selected = useMemo(() => (props.value ? [props.value] : []), [props.value]);
  const select = useRelationSelect(props, selected);
  return <Select {...select} value={props.value} onChange={(v) => props.onChange(v)} />;
}

export function OpenRelationMultiPicker(props: RelationMultiPickerProps & ArrivalProps) {
  const select = useRelationSelect(props, props.value);
  return (
    <MultiSelect {...select} hidePickedOptions value={props.value} onChange={props.onChange} />
  );
}
