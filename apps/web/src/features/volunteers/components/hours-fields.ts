import type { FieldSpec } from '@/components/resource/field-widget';
import { todayInput } from '@/components/person/person-values';
import type { TFunction } from '@/lib/i18n/translator';
import type { HoursInput } from '../api/save-volunteer-hours';

/**
 * The fields of an hours entry: on a volunteer's Hours tab and from an activity's page (their
 * names: `fields.volunteer_hours.*`).
 */
export function hoursFields<V extends HoursInput>(t: TFunction): FieldSpec<V>[] {
  return [
    {
      name: 'date',
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
      description: t('volunteers.hours.hoursHint'),
      half: true,
      // Stored as a fixed-point number, but hours are no amount of money.
      widget: 'number',
      message: t('volunteers.hours.hoursRange'),
      props: { step: 0.25 },
    },
    {
      name: 'project',
      placeholder: t('volunteers.hours.projectPlaceholder'),
    },
    {
      name: 'activity',
      placeholder: t('volunteers.hours.activityPlaceholder'),
    },
    { name: 'note' },
  ];
}
