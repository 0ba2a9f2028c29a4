import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportReport } from '@/components/person/import-report';
import { pb } from '@/lib/pocketbase';
import { recordKeys } from '@/lib/query-keys';
import { MEMBERS } from '../types';

export function importMembers(csv: string, dryRun: boolean): Promise<ImportReport> {
  return pb.send<ImportReport>('/api/hr/import/members', {
    method: 'POST',
    body: { csv, dryRun },
  });
}

/** Checks a file: every row with its errors, nothing saved. */
export function usePreviewMembersImport() {
  return useMutation({ mutationFn: (csv: string) => importMembers(csv, true) });
}

/** Saves every row in one transaction, or nothing when a row is bad. */
export function useImportMembers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (csv: string) => importMembers(csv, false),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recordKeys.all(MEMBERS) }),
  });
}
