import type { UseFormReturn } from '@/components/form/basics/use-form';
import type {
  EmployeeField,
  EmployeeFormAccess,
  EmployeeFormValues,
} from '../../utils/employee-form';

/** What every step of the wizard receives. */
export type StepProps = {
  form: UseFormReturn<EmployeeFormValues>;
  access: EmployeeFormAccess;
  /** True when the account may change the field. */
  editable: (field: EmployeeField) => boolean;
};
