import type { TFunction } from '@/lib/i18n/translator';
import type { FieldSpec } from '@/components/resource/field-widget';
import { fromApiDate, toApiDate } from '@/lib/format/date';
import type { ActivityRecord } from '../types';

export type ActivityValues = {
  title: string;
  place: string;
  starting_date: string | null;
  end_date: string | null;
  audience_count: number | null;
  description: string;
  participants: string;
  partners: string;
  challenges: string;
  how_challenges_faced: string;
  success_stories: string;
  lessons: string;
  recommendations: string;
};

/** The activity's report sections, in the order the screens and the report show them. */
export const ACTIVITY_SECTIONS = [
  'description',
  'partners',
  'participants',
  'challenges',
  'how_challenges_faced',
  'success_stories',
  'lessons',
  'recommendations',
] as const;

export function activityValues(a: ActivityRecord | null): ActivityValues {
  return {
    title: a?.title ?? '',
    place: a?.place ?? '',
    starting_date: fromApiDate(a?.starting_date),
    end_date: fromApiDate(a?.end_date),
    audience_count: a?.audience_count ?? null,
    description: a?.description ?? '',
    participants: a?.participants ?? '',
    partners: a?.partners ?? '',
    challenges: a?.challenges ?? '',
    how_challenges_faced: a?.how_challenges_faced ?? '',
    success_stories: a?.success_stories ?? '',
    lessons: a?.lessons ?? '',
    recommendations: a?.recommendations ?? '',
  };
}

export function activityBody(v: ActivityValues): Record<string, unknown> {
  return {
    ...v,
    title: v.title.trim(),
    place: v.place.trim(),
    starting_date: toApiDate(v.starting_date),
    end_date: toApiDate(v.end_date),
    audience_count: v.audience_count ?? 0,
  };
}

/**
 * The create dialog asks what the old one did; the update dialog every field. Their names are
 * the activity's field entries (`fields.projects_activities.*`).
 */
export function activityFields(
  t: TFunction,
  mode: 'create' | 'update',
): FieldSpec<ActivityValues>[] {
  const head: FieldSpec<ActivityValues>[] = [
    { name: 'title', message: t('projects.form.titleRule') },
    { name: 'place', half: true },
    { name: 'audience_count', half: true },
    { name: 'starting_date', half: true },
    {
      name: 'end_date',
      half: true,
      rules: [
        (value, values) =>
          value && values.starting_date && toApiDate(value) < toApiDate(values.starting_date)
            ? t('projects.form.endBeforeStart')
            : true,
      ],
    },
  ];
  const sections = (
    mode === 'create' ? (['description', 'partners'] as const) : ACTIVITY_SECTIONS
  ).map((name): FieldSpec<ActivityValues> => ({ name }));
  return [...head, ...sections];
}
