import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSlicedQuery } from '@/lib/sliced-query';
import { pb } from '@/lib/pocketbase';

/** A stored backup, as `GET /api/backups` lists it. */
export type Backup = { key: string; size: number; modified: string };

/** What the dry check of a backup found (`POST /api/backups/{key}/check`). */
export type BackupCheck = {
  created: string;
  database: string;
  migration: string;
  tables: Array<{ name: string; rows: number }>;
  rows: number;
  files: number;
  fileBytes: number;
};

const BACKUPS_KEY = ['backups'] as const;

/** Every backup, newest first. */
export function useBackups() {
  return useSlicedQuery({
    queryKey: BACKUPS_KEY,
    queryFn: async () => {
      const list = await pb.backups.getFullList();
      return [...list].sort((a, b) => b.modified.localeCompare(a.modified));
    },
  });
}

function useInvalidateBackups() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: BACKUPS_KEY });
}

export function useCreateBackup() {
  const invalidate = useInvalidateBackups();
  return useMutation({
    // An empty name lets the server date it.
    mutationFn: () => pb.backups.create(''),
    onSuccess: invalidate,
  });
}

export function useUploadBackup() {
  const invalidate = useInvalidateBackups();
  return useMutation({
    mutationFn: (file: File) => pb.backups.upload({ file }),
    onSuccess: invalidate,
  });
}

export function useDeleteBackup() {
  const invalidate = useInvalidateBackups();
  return useMutation({
    mutationFn: (key: string) => pb.backups.delete(key),
    onSuccess: invalidate,
  });
}

/** The dry check: reads the whole archive and loads it into scratch tables; changes nothing. */
export function checkBackup(key: string): Promise<BackupCheck> {
  return pb.send<BackupCheck>(`/api/backups/${encodeURIComponent(key)}/check`, {
    method: 'POST',
  });
}

export function useRestoreBackup() {
  return useMutation({ mutationFn: (key: string) => pb.backups.restore(key) });
}

/** Downloads through a short-lived file token, as links cannot carry the session. */
export async function downloadBackup(key: string): Promise<void> {
  const token = await pb.files.getToken();
  const link = document.createElement('a');
  link.href = pb.backups.getDownloadURL(token, key);
  link.download = key;
  document.body.appendChild(link);
  link.click();
  link.remove();
}
