import '@mantine/dates/styles.css';
import 'dayjs/locale/ar';
import { DateInput, DatesProvider, type DateInputProps } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import { DATE_PLACEHOLDER, dateFormat, parseDateInput } from '@/lib/format/date';
import { isLanguage } from '@/lib/i18n';

// The one date module decides how dates are typed and shown; re-exported for existing callers.
export { DATE_PLACEHOLDER, parseDateInput };

type DateFieldProps = Omit<DateInputProps, 'value' | 'onChange' | 'valueFormat' | 'dateParser'> & {
  /** `YYYY-MM-DD` or null. */
  value: string | null;
  onChange: (value: string | null) => void;
};

/**
 * A date typed as mm/dd/yyyy or picked from a calendar; the value is `YYYY-MM-DD`. It shows the
 * date in the same format as every other screen, so what was typed reads back unchanged.
 */
export function DateField({ value, onChange, ...rest }: DateFieldProps) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  return (
    <DatesProvider settings={{ locale: language }}>
      <DateInput
        clearable
        // The clear button is an icon: it needs a name of its own.
        clearButtonProps={{ 'aria-label': t('form.clearDate') }}
        {...rest}
        placeholder={DATE_PLACEHOLDER}
        valueFormat={dateFormat(language)}
        dateParser={(input) => parseDateInput(input)}
        value={value}
        onChange={(v) => onChange(v ? v.slice(0, 10) : null)}
      />
    </DatesProvider>
  );
}
