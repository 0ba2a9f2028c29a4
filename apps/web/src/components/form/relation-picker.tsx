import { Loader, MultiSelect, Select, type ComboboxItem, type OptionsFilter } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { RecordModel } from 'pocketbase';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { useRecordsByIds, useRecordSearch } from '@/lib/records';

type CommonProps = {
  /** The related collection, e.g. `roles`. */
  collection: string;
  /** The field searched and shown, e.g. `title`. */
  displayField: string;
  /** Limits the choices (a filter expression), e.g. only active employees. */
  filter?: string;
  /** The text of an option; the display field by default. */
  describe?: (record: RecordModel) => string;
  label?: ReactNode;
  description?: ReactNode;
  placeholder?: string;
  error?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  onBlur?: () => void;
};

const SEARCH_DEBOUNCE_MS = 300;

function useRelationOptions(
  { collection, displayField, filter, describe }: CommonProps,
  selected: string[],
  search: string,
) {
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const results = useRecordSearch(collection, displayField, debounced, { filter });
  const current = useRecordsByIds(collection, selected);
  const data = useMemo(() => {
    const label = (r: RecordModel) => (describe ? describe(r) : String(r[displayField] ?? r.id));
    const byId = new Map<string, ComboboxItem>();
    for (const r of current.data ?? []) byId.set(r.id, { value: r.id, label: label(r) });
    for (const r of results.data?.items ?? []) byId.set(r.id, { value: r.id, label: label(r) });
    // A selected id whose record is not loaded (yet) still needs an option.
    for (const id of selected) if (!byId.has(id)) byId.set(id, { value: id, label: id });
    return [...byId.values()];
  }, [current.data, results.data, selected, describe, displayField]);
  return { data, loading: results.isFetching || current.isFetching };
}

// The server already filtered by the search text.
const keepAll: OptionsFilter = ({ options }) => options;

/** Picks one record of another collection, searching the server as the user types. */
export function RelationPicker(
  props: CommonProps & { value: string | null; onChange: (value: string | null) => void },
) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const selected = useMemo(() => (props.value ? [props.value] : []), [props.value]);
  const { data, loading } = useRelationOptions(props, selected, search);
  return (
    <Select
      label={props.label}
      description={props.description}
      placeholder={props.placeholder ?? t('form.relation.placeholder')}
      error={props.error}
      required={props.required}
      disabled={props.disabled}
      onBlur={props.onBlur}
      data={data}
      value={props.value}
      onChange={(v) => props.onChange(v)}
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      filter={keepAll}
      nothingFoundMessage={loading ? t('common.loading') : t('form.relation.nothingFound')}
      rightSection={loading ? <Loader size={14} /> : undefined}
    />
  );
}

/** Picks several records of another collection, searching the server as the user types. */
export function RelationMultiPicker(
  props: CommonProps & { value: string[]; onChange: (value: string[]) => void },
) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const { data, loading } = useRelationOptions(props, props.value, search);
  return (
    <MultiSelect
      label={props.label}
      description={props.description}
      placeholder={props.placeholder ?? t('form.relation.placeholder')}
      error={props.error}
      required={props.required}
      disabled={props.disabled}
      onBlur={props.onBlur}
      data={data}
      value={props.value}
      onChange={props.onChange}
      searchable
      clearable
      hidePickedOptions
      searchValue={search}
      onSearchChange={setSearch}
      filter={keepAll}
      nothingFoundMessage={loading ? t('common.loading') : t('form.relation.nothingFound')}
      rightSection={loading ? <Loader size={14} /> : undefined}
    />
  );
}
