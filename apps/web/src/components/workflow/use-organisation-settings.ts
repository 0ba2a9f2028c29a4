import { ORGANISATION_SETTINGS_ID, type organisationSettings, type RecordOf } from '@app/schema';
import type { RecordModel } from 'pocketbase';
import { useRecord } from '@/lib/data/records';

export type OrganisationSettings = RecordModel & RecordOf<typeof organisationSettings>;

export const ORGANISATION_SETTINGS = 'organisation_settings';

/** The organisation's one row of settings (every signed-in account may read it). */
export function useOrganisationSettings(enabled = true) {
  return useRecord<OrganisationSettings>(
    ORGANISATION_SETTINGS,
    enabled ? ORGANISATION_SETTINGS_ID : undefined,
  );
}
