import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { RecordModel } from 'pocketbase';
import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Link } from 'react-router';
import { DataTable, type DataTableProps } from '@/components/data-table/list/data-table';
import { PageFrame, type Crumb } from '@/components/page/page-frame';
import { paths } from '@/config/paths';
import { useCanAct } from '../common/use-can-act';

type ListPageProps<T extends RecordModel> = {
  title: string;
  /** Breadcrumbs after "Home" (the module, then the list's own when it has one). */
  trail: Crumb[];
  /**
   * The server-paginated table of the collection (search, URL filters, sort, CSV export with
   * `exportOnly` columns); its collection's declared `create` access shows the create button.
   */
  table?: Omit<DataTableProps<T>, 'caption'> & { caption?: string };
  /** The collection whose declared access decides the create button (default: the table's). */
  collection?: string;
  create?: { href: string; label: string; icon?: ReactNode };
  /** More buttons before the create button (settings, import). */
  actions?: ReactNode;
  /** Shown instead of `table` (a list that builds its table itself), then dialogs. */
  children?: ReactNode;
};

/**
 * A collection's list screen: title and breadcrumbs, the create button by declared permission,
 * and the table. Areas give only their columns, filters and texts.
 */
export function ListPage<T extends RecordModel>({
  title,
  trail,
  table,
  collection = table?.collection ?? '',
  create,
  actions,
  children,
}: ListPageProps<T>) {
  const { t } = useTranslation();
  const canCreate = useCanAct(collection, 'create');
  return (
    <PageFrame
      title={title}
      breadcrumbs={[{ label: t('nav.home'), to: paths.home.getHref() }, ...trail]}
      actions={
        (actions || (create && canCreate)) && (
          <>
            {actions}
            {create && canCreate && (
              <Button
                component={Link}
                to={create.href}
                leftSection={create.icon ?? <IconPlus size={18} />}
              >
                {create.label}
              </Button>
            )}
          </>
        )
      }
    >
      {table && <DataTable<T> caption={title} {...table} />}
      {children}
    </PageFrame>
  );
}
