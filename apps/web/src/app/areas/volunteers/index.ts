import { volunteerSkills, volunteers } from '@app/schema';
import { IconHeartHandshake, IconSettings, IconUserHeart } from '@tabler/icons-react';
import { VOLUNTEERS_TABLE } from '@/features/volunteers/table-source';
import { hrRecordArea, type AreaModule } from '../area';

/** Volunteers: their skills, availability, hours and import. */
export const volunteersArea: AreaModule = hrRecordArea(volunteers, {
  settingsOf: volunteerSkills,
  listTable: VOLUNTEERS_TABLE,
  icons: { list: IconHeartHandshake, new: IconUserHeart, settings: IconSettings },
});
