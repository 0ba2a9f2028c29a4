import '@mantine/dates/styles.css';
import 'dayjs/locale/ar';
import { DateInput, DatesProvider, type DateInputProps } from '@mantine/dates';
import { useTranslation } from 'react-i18next';

/** The placeholder of every date input (spec §5). */
export const DATE_PLACEHOLDER = 'mm/dd/yyyy';
export const DATE_INPUT_FORMAT = 'MM/DD/YYYY';

const US_DATE = /^\s*(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\s*$/;
const ISO_DATE = /^\s*(\d{4})-(\d{1,2})-(\d{1,2})/;

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** Reads `mm/dd/yyyy` (or `yyyy-mm-dd`) into `YYYY-MM-DD`; null when it is not a real date. */
export function parseDateInput(text: string): string | null {
  let y: number, m: number, d: number;
  const us = US_DATE.exec(text);
  const iso = us ? null : ISO_DATE.exec(text);
  if (us) [m, d, y] = [Number(us[1]), Number(us[2]), Number(us[3])];
  else if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else return null;
  const date = new Date(y, m - 1, d);
  if (date.getFullYear() !== y || date.getMonth() !== m - 1 || date.getDate() !== d) return null;
  return `${y}-${pad(m)}-${pad(d)}`;
}

type DateFieldProps = Omit<DateInputProps, 'value' | 'onChange' | 'valueFormat' | 'dateParser'> & {
  /** `YYYY-MM-DD` or null. */
  value: string | null;
  onChange: (value: string | null) => void;
};

/** A date typed as mm/dd/yyyy or picked from a calendar; the value is `YYYY-MM-DD`. */
export function DateField({ value, onChange, ...rest }: DateFieldProps) {
  const { i18n } = useTranslation();
  return (
    <DatesProvider settings={{ locale: i18n.language === 'ar' ? 'ar' : 'en' }}>
      <DateInput
        clearable
        {...rest}
        placeholder={DATE_PLACEHOLDER}
        valueFormat={DATE_INPUT_FORMAT}
        dateParser={(input) => parseDateInput(input)}
        value={value}
        onChange={(v) => onChange(v ? v.slice(0, 10) : null)}
      />
    </DatesProvider>
  );
}
