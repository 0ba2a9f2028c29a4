import '@mantine/dates/styles.css';
import 'dayjs/locale/ar';
import { DateInput, DatesProvider, type DateInputProps } from '@mantine/dates';
import { useTranslation } from '@/lib/i18n/use-translation';
import { DATE_PLACEHOLDER, dateFormat, parseDateInput } from '@/lib/format/date';
import { isLanguage } from '@/lib/i18n';
import { useFocusedOnArrival, useOpensOnArrival, type ArrivalProps } from '@/lib/on-demand';

export type DateFieldProps = Omit<
  DateInputProps,
  'value' | 'onChange' | 'valueFormat' | 'dateParser'
> & {
  /** `YYYY-MM-DD` or null. */
  value: string | null;
  onChange: (value: string | null) => void;
};

/**
 * The date input with its calendar (Mantine's date pickers, their styles and dayjs's Arabic
 * texts): fetched by `date-field.tsx`, which screens use, when the person first goes into one.
 */
export default function DateInputField({
  value,
  onChange,
  arrived,
  ...rest
}: DateFieldProps & ArrivalProps) {
  const { t, i18n } = useTranslation();
  // Brought by the person going into the field: it takes the focus, which opens the calendar.
  const input = useFocusedOnArrival<HTMLInputElement>(useOpensOnArrival(arrived));
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  return (
    <DatesProvider settings={{ locale: language }}>
      <DateInput
        clearable
        // The clear button is an icon: it needs a name of its own.
        clearButtonProps={{ 'aria-label': t('form.clearDate') }}
        {...rest}
        ref={input}
        placeholder={DATE_PLACEHOLDER}
        valueFormat={dateFormat(language)}
        dateParser={(input) => parseDateInput(input)}
        value={value}
        onChange={(v) => onChange(v ? v.slice(0, 10) : null)}
      />
    </DatesProvider>
  );
}
