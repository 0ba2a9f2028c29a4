import { SimpleGrid, Stack } from '@mantine/core';
import { EMPLOYEE_OPTION_KINDS } from '@app/schema';
import { ErrorState } from '@/components/page/error-state';
import { useCan } from '@/lib/session';
import { useEmployeeOptions } from '../../api/get-employee-options';
import { OptionSection } from './option-section';

/** Employees settings: one section per kind of option. */
export function EmployeeSettings() {
  const options = useEmployeeOptions();
  const can = {
    create: useCan('hr_settings.create'),
    update: useCan('hr_settings.update'),
    remove: useCan('hr_settings.remove'),
  };
  if (options.isError) {
    return <ErrorState error={options.error} onRetry={() => void options.refetch()} />;
  }
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        {EMPLOYEE_OPTION_KINDS.map((kind) => (
          <OptionSection
            key={kind}
            kind={kind}
            options={options.byKind[kind]}
            loading={options.isPending}
            can={can}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
