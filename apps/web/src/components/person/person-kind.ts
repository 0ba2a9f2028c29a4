import type { RecordModel } from 'pocketbase';
import type { ComponentType, ReactNode } from 'react';
import type { UseFormReturn } from '@/components/form/basics/use-form';
import { paths } from '@/config/paths';
import type { TFunction } from '@/lib/i18n/translator';
import { useTranslation } from '@/lib/i18n/use-translation';
import type { PersonFormValues, PersonRecordFields } from './person-values';

export type PersonRecord = RecordModel & PersonRecordFields & { created: string; updated: string };

/**
 * One kind of person (members, volunteers): what every screen of theirs reads. The screens
 * (list, profile, create, update, settings) are shared; each route gives its screen this and
 * the parts that are the kind's own on that screen only (its table, its profile, its form step,
 * its settings), so a screen downloads its own parts and no other screen's.
 */
export type PersonKind<T extends PersonRecord> = {
  /** The collection, also the prefix of its texts (`members.list.create`…). */
  collection: 'members' | 'volunteers';
  /** The key of one record in `pages` (`member`: `pages.member`, `pages.memberNew`…). */
  one: 'member' | 'volunteer';
  expand: string;
  /** Collections that show this person's values (the dues summary shows the status). */
  alsoRefresh: readonly string[];
  /** The status the profile shows (a member may be lapsed). */
  status: (person: T) => string;
};

/** What the screens that show no record (the list, the settings) need of the kind: its names. */
export type PersonKindName = Pick<PersonKind<PersonRecord>, 'collection' | 'one'>;

/** The kind's own on the list screen. */
export type PersonListParts = {
  Table: ComponentType;
  Import: ComponentType<{ opened: boolean; onClose: () => void }>;
};

/** The kind's own on the profile: card lines, a warning, facts, the child-record tab. */
export type PersonProfileParts<T extends PersonRecord> = {
  Card?: ComponentType<{ person: T }>;
  Alert?: ComponentType<{ person: T }>;
  Facts: ComponentType<{ person: T }>;
  childTab: {
    value: string;
    icon: ReactNode;
    Tab: ComponentType<{ person: T }>;
  };
};

/** The kind's own in the create and update form. */
export type PersonFormParts<T extends PersonRecord> = {
  /** The area's own values (status, type, skills…) and the request body of all of them. */
  ownValues: (
    person: T,
  ) => Partial<Pick<PersonFormValues, 'status' | 'membership_type' | 'skills' | 'availability'>>;
  body: (values: PersonFormValues) => Record<string, unknown>;
  /** The server's field names where the form calls them otherwise. */
  fieldErrors?: (errors: Record<string, string>) => Record<string, string>;
  createdMessage: (t: TFunction, person: T) => string;
  /** The form's third step: the key of its label and its own fields. */
  details: { labelKey: string; Fields: ComponentType<{ form: UseFormReturn<PersonFormValues> }> };
};

export function personPaths(kind: { collection: PersonKind<PersonRecord>['collection'] }) {
  return paths.hr[kind.collection];
}

/** The kind's names (the list's, one record's) and its own texts. */
export function usePersonTexts(kind: { collection: string; one: string }) {
  const { t } = useTranslation();
  return {
    t,
    list: t(`pages.${kind.collection}`),
    one: t(`pages.${kind.one}`),
    text: (key: string, values?: Record<string, unknown>) => t(`${kind.collection}.${key}`, values),
  };
}
