import { volunteerSkills, volunteers } from '@app/schema';
import { IconHeartHandshake, IconSettings, IconUserHeart } from '@tabler/icons-react';
import { hrRecordArea, type AreaModule } from '../area';

/** Volunteers: their skills, availability, hours and import. */
export const volunteersArea: AreaModule = hrRecordArea(volunteers, {
  settingsOf: volunteerSkills,
  icons: { list: IconHeartHandshake, new: IconUserHeart, settings: IconSettings },
});
