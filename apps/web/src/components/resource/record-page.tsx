import { Button } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Link } from 'react-router';
import { HistoryButton } from '@/components/activity/history-button';
import { ErrorState } from '@/components/page/error-state';
import { PageFrame, type Crumb } from '@/components/page/page-frame';
import { PageLoader } from '@/components/page/page-loader';
import { paths } from '@/config/paths';

type RecordPageProps<T> = {
  query: UseQueryResult<T>;
  title: string;
  description?: ReactNode;
  /** The area's list (and the record's page, on its update page). */
  trail: Crumb[];
  /** "Update" next to the title, when the account may update it. */
  updateHref?: string;
  actions?: ReactNode;
  /** "History" (the record's changes in the activity monitor), for those who may read it. */
  history?: { collection: string; record: string };
  children: (record: T) => ReactNode;
};

/** The frame of one record's page (detail or update): breadcrumbs, loading and error states. */
export function RecordPage<T>({
  query,
  title,
  description,
  trail,
  updateHref,
  actions,
  history,
  children,
}: RecordPageProps<T>) {
  const { t } = useTranslation();
  return (
    <PageFrame
      title={title}
      description={description}
      breadcrumbs={[{ label: t('nav.home'), to: paths.home.getHref() }, ...trail, { label: title }]}
      actions={
        <RecordActions history={history} updateHref={updateHref}>
          {actions}
        </RecordActions>
      }
    >
      {query.isPending ? (
        <PageLoader />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        children(query.data)
      )}
    </PageFrame>
  );
}

/**
 * The buttons beside a record's title, in one order on every record page: "History" (for those
 * who may read the monitor), the page's own actions, then "Update" (for those who may update).
 */
export function RecordActions({
  history,
  updateHref,
  children,
}: {
  history?: { collection: string; record: string };
  updateHref?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      {history && <HistoryButton {...history} />}
      {children}
      {updateHref && (
        <Button component={Link} to={updateHref} leftSection={<IconPencil size={16} />}>
          {t('common.update')}
        </Button>
      )}
    </>
  );
}
