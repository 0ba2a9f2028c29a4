import { TextInput } from '@mantine/core';
import { DATE_PLACEHOLDER, formatDate, parseDateInput } from '@/lib/format/date';
import { fieldOnDemand, moduleOnDemand, STAND_IN_ATTRIBUTE } from '@/lib/on-demand';
import type { DateFieldProps } from './date-input';

// The one date module decides how dates are typed and shown; re-exported for existing callers.
export { DATE_PLACEHOLDER, parseDateInput };

/**
 * A date typed as mm/dd/yyyy or picked from a calendar; the value is `YYYY-MM-DD`. It shows the
 * date in the same format as every other screen, so what was typed reads back unchanged.
 *
 * The calendar (Mantine's date pickers, their styles, dayjs's Arabic texts and the popover's
 * positioning: about 30 KB gzip) is fetched when the person first goes into a date field.
 * Until then the field stands read-only with its date, and taking the focus brings the real one,
 * which opens its calendar where the person is.
 */
export const DateField = fieldOnDemand<DateFieldProps, typeof import('./date-input')>(
  moduleOnDemand(() => import('./date-input')),
  (module) => module.default,
  ({ onWanted, onNear, busy, ...props }) => (
    <TextInput
      readOnly
      {...{ [STAND_IN_ATTRIBUTE]: '' }}
      aria-busy={busy || undefined}
      label={props.label}
      aria-label={props['aria-label']}
      leftSection={props.leftSection}
      leftSectionWidth={props.leftSectionWidth}
      description={props.description}
      error={props.error}
      required={props.required}
      disabled={props.disabled}
      className={props.className}
      style={props.style}
      id={props.id}
      placeholder={DATE_PLACEHOLDER}
      value={formatDate(props.value, '')}
      onPointerEnter={props.disabled ? undefined : onNear}
      onFocus={props.disabled ? undefined : onWanted}
      onClick={props.disabled ? undefined : onWanted}
    />
  ),
);
