/**
 * The values of the member and volunteer forms (both are people with the same personal and
 * contact fields; only the third step differs), and their conversion to and from records.
 */
import { MEMBERSHIP_STATUSES, SEXES } from '@app/schema';
import { fromApiDate, toApiDate } from '@/lib/format/date';
import type { MemberRecord } from '@/lib/models';

export type PersonStatus = (typeof MEMBERSHIP_STATUSES)[number];
export type Sex = (typeof SEXES)[number];

/** What the list and the profile show: the stored status, or "Lapsed" (members, derived). */
export type DisplayStatus = PersonStatus | 'Lapsed';

export const PERSON_STATUSES: readonly PersonStatus[] = MEMBERSHIP_STATUSES;
export const PERSON_SEXES: readonly Sex[] = SEXES;

export type PersonFormValues = {
  avatar: File | null;
  /** The stored avatar is to be removed. */
  removeAvatar: boolean;
  name: string;
  sex: string | null;
  /** `YYYY-MM-DD` or null. */
  birth_date: string | null;
  address: string;
  email: string;
  phone_numbers: string[];
  starting_date: string | null;
  /** `membership_status` of members, `status` of volunteers. */
  status: string | null;
  /** Members only. */
  membership_type: string | null;
  /** Volunteers only. */
  skills: string[];
  availability: string[];
  notes: string;
};

/** A new person: active, joining today. */
export function emptyPerson(today: string): PersonFormValues {
  return {
    avatar: null,
    removeAvatar: false,
    name: '',
    sex: null,
    birth_date: null,
    address: '',
    email: '',
    phone_numbers: [],
    starting_date: today,
    status: 'Active',
    membership_type: null,
    skills: [],
    availability: [],
    notes: '',
  };
}

/** The fields members and volunteers share (one declaration in @app/schema), as the API returns them. */
export type PersonRecordFields = Pick<
  MemberRecord,
  | 'id'
  | 'name'
  | 'email'
  | 'avatar'
  | 'sex'
  | 'birth_date'
  | 'address'
  | 'phone_numbers'
  | 'starting_date'
  | 'notes'
> &
  Partial<Pick<MemberRecord, 'collectionId' | 'collectionName'>>;

/** A JSON value that should be a list of phone numbers. */
export function phonesOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** The shared part of the form, filled from a stored person. */
export function personValuesFromRecord(
  record: PersonRecordFields,
): Omit<PersonFormValues, 'status' | 'membership_type' | 'skills' | 'availability'> {
  return {
    avatar: null,
    removeAvatar: false,
    name: record.name ?? '',
    sex: record.sex || null,
    birth_date: fromApiDate(record.birth_date),
    address: record.address ?? '',
    email: record.email ?? '',
    phone_numbers: phonesOf(record.phone_numbers),
    starting_date: fromApiDate(record.starting_date),
    notes: record.notes ?? '',
  };
}

/**
 * The shared part of the request body. The avatar is a file (sent as multipart by the SDK),
 * null to remove the stored one, or left out.
 */
export function personBody(values: PersonFormValues): Record<string, unknown> {
  const body: Record<string, unknown> = {
    name: values.name.trim(),
    email: values.email.trim(),
    sex: values.sex ?? '',
    birth_date: toApiDate(values.birth_date),
    address: values.address.trim(),
    phone_numbers: values.phone_numbers,
    starting_date: toApiDate(values.starting_date),
    notes: values.notes.trim(),
  };
  if (values.avatar) body.avatar = values.avatar;
  else if (values.removeAvatar) body.avatar = null;
  return body;
}

/** Today as `YYYY-MM-DD` in local time (what date inputs hold). */
export function todayInput(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
