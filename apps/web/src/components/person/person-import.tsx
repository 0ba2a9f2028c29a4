import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n/use-translation';
import { useRefreshCollections } from '@/components/resource/use-records';
import { pb } from '@/lib/pocketbase';
import type { ImportReport } from './import-report';
import type { PersonImportDialogProps } from './person-import-dialog';
import { onDemand } from '@/lib/on-demand';
import { personLabels } from './person-labels';

// The dialog (Mantine's modal, its scroll lock and the preview table) comes with its first
// opening: the list page it sits on is opened far more often than the import.
const PersonImportDialog = onDemand<PersonImportDialogProps>(() =>
  import('./person-import-dialog').then((module) => ({ default: module.PersonImportDialog })),
);

/** The import's first columns, the same for every person area; its own follow, then `Notes`. */
export const PERSON_IMPORT_HEADERS = [
  'Name',
  'Email',
  'Phone',
  'Joining date',
  'Birth date',
  'Sex',
  'Address',
  'Status',
] as const;

type PersonImportProps = {
  collection: 'members' | 'volunteers';
  opened: boolean;
  onClose: () => void;
  /** The columns the server reads (`apps/server/src/routes/api/hr-import.ts`), in template order. */
  headers: readonly string[];
  example: readonly string[];
  /** Labels of the area's own fields, for errors of fields that have no column in the file. */
  ownLabels: Record<string, string>;
};

/** `dryRun`: every row checked with its errors, nothing saved. Else all rows or none. */
function importPeople(collection: string, csv: string, dryRun: boolean): Promise<ImportReport> {
  return pb.send<ImportReport>(`/api/hr/import/${collection}`, {
    method: 'POST',
    body: { csv, dryRun },
  });
}

/** Import people of an area from a CSV file, with a preview of every row. */
export function PersonImport({
  collection,
  opened,
  onClose,
  headers,
  example,
  ownLabels,
}: PersonImportProps) {
  const { t } = useTranslation();
  const label = personLabels(t, collection);
  const preview = useMutation({ mutationFn: (csv: string) => importPeople(collection, csv, true) });
  const refresh = useRefreshCollections([collection]);
  const commit = useMutation({
    mutationFn: (csv: string) => importPeople(collection, csv, false),
    onSuccess: refresh,
  });
  return (
    <PersonImportDialog
      when={opened}
      opened={opened}
      onClose={onClose}
      title={t(`${collection}.import.title`)}
      headers={headers}
      examples={[[...example]]}
      templateFileName={`${collection}-template`}
      fieldLabels={{
        name: label('name'),
        email: label('email'),
        phone_numbers: label('phone_numbers'),
        starting_date: label('starting_date'),
        birth_date: label('birth_date'),
        sex: label('sex'),
        address: label('address'),
        notes: label('notes'),
        ...ownLabels,
      }}
      preview={preview.mutateAsync}
      commit={commit.mutateAsync}
      onImported={(report) => {
        notifications.show({
          color: 'green',
          title: t('hrPeople.import.doneTitle'),
          message: t(`${collection}.import.done`, { count: report.imported }),
        });
        onClose();
      }}
    />
  );
}
