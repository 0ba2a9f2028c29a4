import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportReport } from '@/components/person/import-report';
import { pb } from '@/lib/pocketbase';
import { recordKeys } from '@/lib/query-keys';
import { VOLUNTEERS } from '../types';

export function importVolunteers(csv: string, dryRun: boolean): Promise<ImportReport> {
  return pb.send<ImportReport>('/api/hr/import/volunteers', {
    method: 'POST',
    body: { csv, dryRun },
  });
}

/** Checks a file: every row with its errors, nothing saved. */
export function usePreviewVolunteersImport() {
  return useMutation({ mutationFn: (csv: string) => importVolunteers(csv, true) });
}

/** Saves every row in one transaction, or nothing when a row is bad. */
export function useImportVolunteers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (csv: string) => importVolunteers(csv, false),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recordKeys.all(VOLUNTEERS) }),
  });
}
