import { NativeSelect } from '@mantine/core';
import { lazy, Suspense } from 'react';

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

// Mantine's select, for the filters whose long lists are searched by typing. Its code (the
// combobox, its list and its scrolling: about 7 KB gzip) comes when a list has such a filter.
const SearchableChoiceFilter = lazy(() => import('./searchable-choice-filter'));

/**
 * A list's filter by one of a few choices: the browser's own select, styled as the app's inputs.
 * It weighs nearly nothing, opens the phone's own picker, and works with the keyboard (arrows,
 * typing the first letters) and screen readers as every select does. A searchable filter shows
 * it while Mantine's searchable select arrives, so it works from the first moment.
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
    <Suspense fallback={native}>
      <SearchableChoiceFilter {...props} />
    </Suspense>
  );
}
