import { SimpleGrid } from '@mantine/core';
import { EMPLOYEE_OPTION_KINDS } from '@app/schema';
import { useTranslation } from '@/lib/i18n/use-translation';
import { OptionListSettings } from '@/components/resource/option-list-settings';
import { EMPLOYEE_OPTIONS } from '../../api/get-employee-options';
import { EMPLOYEES } from '../../api/get-employee';
import type { EmployeeOption } from '../../types';

/** Employees settings: one option list per kind (sections, positions, shifts…). */
export function EmployeeSettings() {
  const { t } = useTranslation();
  const text = (key: string) => (title: string) => t(`employees.settings.${key}`, { title });
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
      {EMPLOYEE_OPTION_KINDS.map((kind) => {
        const heading = t(`employees.settings.kind_${kind}`);
        return (
          <OptionListSettings<EmployeeOption, { title: string; description: string }>
            key={kind}
            collection={EMPLOYEE_OPTIONS}
            // Employees show the options' titles.
            alsoRefresh={[EMPLOYEES]}
            scope={{ field: 'kind', value: kind }}
            minWidth={0}
            texts={{
              title: heading,
              help: t(`employees.settings.help_${kind}`),
              add: t('employees.settings.addShort'),
              addLabel: t('employees.settings.add', { kind: heading }),
              addTitle: t('employees.settings.add', { kind: heading }),
              editTitle: text('editTitle'),
              empty: t('employees.settings.empty'),
              titleInvalid: t('employees.settings.titleInvalid'),
              editOf: text('editOption'),
              removeOf: text('deleteOption'),
              removeConfirm: text('deleteConfirm'),
              created: text('created'),
              updated: text('updated'),
            }}
          />
        );
      })}
    </SimpleGrid>
  );
}
