import { members, membershipTypes } from '@app/schema';
import { IconAddressBook, IconIdBadge2, IconSettings } from '@tabler/icons-react';
import { paths } from '@/config/paths';
import { MEMBERS_TABLE } from '@/features/members/table-source';
import { hrRecordArea, type AreaModule } from '../area';

/** Members of the organisation: their membership, dues and import. */
export const membersArea: AreaModule = hrRecordArea(members, {
  settingsOf: membershipTypes,
  listTable: MEMBERS_TABLE,
  icons: { list: IconAddressBook, new: IconIdBadge2, settings: IconSettings },
  // The address of the old app's form.
  extraRoutes: [
    { path: paths.hr.membersOldNew.path, layout: 'default', redirect: paths.hr.members.new.path },
  ],
});
