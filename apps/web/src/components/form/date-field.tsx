import { TextInput } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { DATE_PLACEHOLDER, formatDate, parseDateInput } from '@/lib/format/date';
import type { DateFieldProps } from './date-input';

// The one date module decides how dates are typed and shown; re-exported for existing callers.
export { DATE_PLACEHOLDER, parseDateInput };

// The calendar (Mantine's date pickers, their styles and dayjs's Arabic texts: about 15 KB gzip)
// is fetched when a form first shows a date, so the screens without one never download it.
const DateInputField = lazy(() => import('./date-input'));

/**
 * A date typed as mm/dd/yyyy or picked from a calendar; the value is `YYYY-MM-DD`. It shows the
 * date in the same format as every other screen, so what was typed reads back unchanged.
 */
export function DateField(props: DateFieldProps) {
  const { label, description, error, required, disabled, value, className, style } = props;
  return (
    <Suspense
      fallback={
        // The same field, read-only, while the calendar arrives: the form does not jump, and
        // nothing typed is lost (the real input takes over within one request).
        <TextInput
          readOnly
          label={label}
          description={description}
          error={error}
          required={required}
          disabled={disabled}
          className={className}
          style={style}
          placeholder={DATE_PLACEHOLDER}
          value={formatDate(value, '')}
        />
      }
    >
      <DateInputField {...props} />
    </Suspense>
  );
}
