import { useQuery } from '@tanstack/react-query';
import { pb } from '@/lib/pocketbase';
import { recordKeys } from '@/lib/query-keys';
import { PAYSLIPS, type SalaryRegister } from './types';

/** The salary register of a month; cached with the payslips, so a change to one refreshes it. */
export function useSalaryRegister(year: number, month: number) {
  return useQuery({
    queryKey: [...recordKeys.all(PAYSLIPS), 'register', year, month],
    queryFn: () => pb.send<SalaryRegister>('/api/payroll/register', { query: { year, month } }),
  });
}

/**
 * Fetches a file the server makes (a payslip PDF, the register's CSV) with the session's token
 * and saves it under `name`. Throws the server's message when it refuses.
 */
export async function downloadFile(path: string, name: string): Promise<void> {
  const res = await fetch(pb.buildURL(path), { headers: { Authorization: pb.authStore.token } });
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { message?: string };
    throw new Error(body.message ?? res.statusText);
  }
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const payslipPdfPath = (payslip: string, lang: string) =>
  `/api/payroll/payslips/${encodeURIComponent(payslip)}/payslip.pdf?lang=${lang === 'ar' ? 'ar' : 'en'}`;
export const runPdfPath = (run: string, lang: string) =>
  `/api/payroll/runs/${encodeURIComponent(run)}/payslips.pdf?lang=${lang === 'ar' ? 'ar' : 'en'}`;
