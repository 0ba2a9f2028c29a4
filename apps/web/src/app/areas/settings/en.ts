/** English texts of the settings area (backups); merged into the dictionary with the area. */
export const en = {
  nav: {
    links: {
      backups: 'Backups',
    },
  },
  pages: {
    backups: 'Backups',
  },
  backups: {
    intro:
      'A backup holds every record and every uploaded file, as they were at one moment. Download a copy and keep it somewhere other than this server.',
    make: 'Make a backup',
    making: 'Making a backup…',
    upload: 'Upload a backup',
    uploading: 'Uploading and checking the backup…',
    name: 'Name',
    size: 'Size',
    date: 'Date',
    download: 'Download',
    downloadNamed: 'Download {{name}}',
    restore: 'Restore',
    restoreNamed: 'Restore {{name}}',
    delete: 'Delete',
    deleteNamed: 'Delete {{name}}',
    empty: 'No backups yet.',
    emptyHint: 'Make the first one now, or upload one made elsewhere.',
    made: 'The backup was made.',
    uploaded: 'Backup {{name}} uploaded.',
    deleted: 'Backup {{name}} deleted.',
    deleteTitle: 'Delete the backup',
    deleteMessage: 'Delete {{name}}? You cannot undo this.',
    checkTitle: 'Restore {{name}}',
    checking: 'Checking the backup: reading every record and file…',
    checkOk: 'The backup is complete and can be restored.',
    checkFailed: 'This backup cannot be restored',
    madeAt: 'Made at',
    records: 'Records',
    files: 'Files',
    tables: 'tables: {{count}}',
    continue: 'Restore…',
    confirmTitle: 'Replace all data?',
    confirmMessage:
      'Every record and file of the back office will be replaced by the backup of {{date}} ({{records}} records, {{files}} files). Changes made since then are lost. Everyone, you included, is signed out and signs in again with the password they had then.',
    confirmLabel: 'Replace and restore',
    restored: 'The backup was restored. Sign in again.',
    scheduleHint:
      'Scheduled backups run when the server setting BACKUP_CRON says; only the newest BACKUP_KEEP of them are kept.',
  },
} as const;
