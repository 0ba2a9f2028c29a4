import { employeeOptions, employees } from '@app/schema';
import { IconUserCog, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { hrRecordArea, type AreaModule } from '../area';

/** Staff: the accounts of the back office, their employment, salary and tasks. */
export const employeesArea: AreaModule = hrRecordArea(employees, {
  settingsOf: employeeOptions,
  icons: { list: IconUsers, new: IconUserPlus, settings: IconUserCog },
});
