import { useSlicedQuery } from '@/lib/sliced-query';
import { pb } from '@/lib/pocketbase';
import { recordKeys } from '@/lib/data/query-keys';
import { PAYSLIPS, type SalaryRegister } from './types';

/** The salary register of a month; cached with the payslips, so a change to one refreshes it. */
export function useSalaryRegister(year: number, month: number) {
  return useSlicedQuery({
    queryKey: [...recordKeys.all(PAYSLIPS), 'register', year, month],
    queryFn: () => pb.send<SalaryRegister>('/api/payroll/register', { query: { year, month } }),
  });
}

export const payslipPdfPath = (payslip: string, lang: string) =>
  `/api/payroll/payslips/${encodeURIComponent(payslip)}/payslip.pdf?lang=${lang === 'ar' ? 'ar' : 'en'}`;
export const runPdfPath = (run: string, lang: string) =>
  `/api/payroll/runs/${encodeURIComponent(run)}/payslips.pdf?lang=${lang === 'ar' ? 'ar' : 'en'}`;
