import { employeeOptions, employees } from '@app/schema';
import { IconUserCog, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { EMPLOYEES_TABLE } from '@/features/employees/table-source';
import { hrRecordArea, type AreaModule } from '../area';

/** Staff: the accounts of the back office, their employment, salary and tasks. */
export const employeesArea: AreaModule = hrRecordArea(employees, {
  settingsOf: employeeOptions,
  listTable: EMPLOYEES_TABLE,
  icons: { list: IconUsers, new: IconUserPlus, settings: IconUserCog },
});
