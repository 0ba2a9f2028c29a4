import { useMutation } from '@tanstack/react-query';
import type { ImportJob, ImportReport } from '@app/schema';
import { pb } from '@/lib/pocketbase';
import { useSlicedQuery } from '@/lib/sliced-query';

export type { ImportJob, ImportReport };

const BASE = '/api/imports/pocketbase';

/** Uploads the backup; the server starts its dry run at once. */
export function useStartImport() {
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return pb.send<ImportJob>(BASE, { method: 'POST', body });
    },
  });
}

/** The job, read again every second while the server works on it. */
export function useImportJob(id: string | null) {
  return useSlicedQuery({
    queryKey: ['imports', 'pocketbase', id],
    queryFn: () => pb.send<ImportJob>(`${BASE}/${encodeURIComponent(id!)}`, { method: 'GET' }),
    enabled: Boolean(id),
    refetchInterval: (query) => {
      const state = query.state.data?.state;
      return state === 'checking' || state === 'importing' ? 1000 : false;
    },
  });
}

export function useConfirmImport() {
  return useMutation({
    mutationFn: (id: string) =>
      pb.send<ImportJob>(`${BASE}/${encodeURIComponent(id)}/confirm`, { method: 'POST' }),
  });
}

/** Saves a report as a JSON file (the server keeps its own copy in DATA_DIR/imports). */
export function downloadReport(report: ImportReport): void {
  const blob = new Blob([`${JSON.stringify(report, null, 2)}\n`], { type: 'application/json' });
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = `import-${report.dryRun ? 'dry-run' : 'report'}-${report.startedAt.slice(0, 19).replace(/[:T]/g, '-')}.json`;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(link.href);
}
