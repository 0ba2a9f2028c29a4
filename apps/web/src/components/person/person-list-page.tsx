import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconFileImport, IconSettings, IconUserPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ListPage } from '@/components/resource/list/list-page';
import { useCanAct } from '@/components/resource/common/use-can-act';
import { useCan } from '@/lib/session';
import {
  personPaths,
  usePersonTexts,
  type PersonKindName,
  type PersonListParts,
} from './person-kind';

/** The list: settings, import and create by permission, and the area's table. */
export function PersonListPage({
  kind,
  Table,
  Import,
}: PersonListParts & { kind: PersonKindName }) {
  const { t, list, text } = usePersonTexts(kind);
  const to = personPaths(kind);
  const canCreate = useCanAct(kind.collection, 'create');
  const canSettings = useCan('hr_settings.read');
  const [importOpened, importDialog] = useDisclosure(false);
  return (
    <ListPage
      title={list}
      trail={[{ label: t('nav.modules.hr') }, { label: list }]}
      collection={kind.collection}
      create={{
        href: to.new.getHref(),
        label: text('list.create'),
        icon: <IconUserPlus size={18} />,
      }}
      actions={
        <>
          {canSettings && (
            <Button
              variant="default"
              component={Link}
              to={to.settings.getHref()}
              leftSection={<IconSettings size={18} />}
            >
              {text('list.settings')}
            </Button>
          )}
          {canCreate && (
            <Button
              variant="default"
              onClick={importDialog.open}
              leftSection={<IconFileImport size={18} />}
            >
              {t('hrPeople.import.open')}
            </Button>
          )}
        </>
      }
    >
      <Table />
      {canCreate && <Import opened={importOpened} onClose={importDialog.close} />}
    </ListPage>
  );
}
