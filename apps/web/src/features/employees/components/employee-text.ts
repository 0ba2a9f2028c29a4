import type { Translator as I18n, TFunction } from '@/lib/i18n/translator';
import type { EmployeeRecord } from '../types';
import { ageInYears } from '../utils/dates';
import { formatUnit } from '../utils/units';

/** "Female (34 years)", "Female", "34 years" or '' — the sex and age line. */
export function sexAndAge(
  t: TFunction,
  i18n: Pick<I18n, 'language'>,
  employee: Pick<EmployeeRecord, 'sex' | 'birth_date'>,
): string {
  const sex = employee.sex ? t(`employees.sex.${employee.sex}`) : '';
  const age = ageInYears(employee.birth_date);
  const ageText = age === null ? '' : formatUnit(age, 'year', i18n.language);
  if (sex && ageText) return `${sex} (${ageText})`;
  return sex || ageText;
}

/** "HR officer in Human Resources", or whichever half is known. */
export function positionInSection(t: TFunction, employee: Pick<EmployeeRecord, 'expand'>): string {
  const position = employee.expand?.employment_position?.title ?? '';
  const section = employee.expand?.employment_section?.title ?? '';
  if (position && section) return t('employees.list.positionInSection', { position, section });
  return position || section;
}
