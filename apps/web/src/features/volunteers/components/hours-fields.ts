import type { FieldSpec } from '@/components/resource/field-widget';
import { todayInput } from '@/components/person/person-values';
import type { TFunction } from '@/lib/i18n/translator';
import type { HoursInput } from '../api/save-volunteer-hours';

/** The fields of an hours entry: on a volunteer's Hours tab and from an activity's page. */
export function hoursFields<V extends HoursInput>(t: TFunction): FieldSpec<V>[] {
  return [
    {
      name: 'date',
      label: t('volunteers.hours.date'),
      half: true,
      message: t('volunteers.hours.dateRequired'),
      rules: [
        (value: string | null) =>
          !value || value <= todayInput() ? true : t('volunteers.hours.dateFuture'),
      ],
      props: { maxDate: todayInput() },
    },
    {
      name: 'hours',
      label: t('volunteers.hours.hours'),
      description: t('volunteers.hours.hoursHint'),
      half: true,
      // Stored as a fixed-point number, but hours are no amount of money.
      widget: 'number',
      message: t('volunteers.hours.hoursRange'),
      props: { step: 0.25 },
    },
    {
      name: 'project',
      label: t('volunteers.hours.project'),
      placeholder: t('volunteers.hours.projectPlaceholder'),
    },
    {
      name: 'activity',
      label: t('volunteers.hours.activity'),
      placeholder: t('volunteers.hours.activityPlaceholder'),
    },
    { name: 'note', label: t('volunteers.hours.note') },
  ];
}
