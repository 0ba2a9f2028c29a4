import { useTranslation } from '@/lib/i18n/use-translation';
import { useNavigate, useParams } from 'react-router';
import { RecordActions } from '@/components/resource/record-page';
import { ErrorState } from '@/components/page/error-state';
import { PageFrame } from '@/components/page/page-frame';
import { PageLoader } from '@/components/page/page-loader';
import { paths } from '@/config/paths';
import { useRole } from '@/features/roles/api/roles-api';
import { RoleView } from '@/features/roles/components/role-view';
import { useCan } from '@/lib/session';

export default function RoleViewRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { role_id: id = '' } = useParams();
  const role = useRole(id);
  const canUpdate = useCan('roles.update');
  const canDelete = useCan('roles.remove');
  const title = role.data?.title ?? t('pages.role');
  return (
    <PageFrame
      title={title}
      breadcrumbs={[
        { label: t('nav.home'), to: paths.home.getHref() },
        { label: t('nav.links.roles'), to: paths.users.roles.list.getHref() },
        { label: title },
      ]}
      actions={
        <RecordActions
          history={{ collection: 'roles', record: id }}
          updateHref={canUpdate ? paths.users.roles.update.getHref(id) : undefined}
        />
      }
    >
      {role.isPending ? (
        <PageLoader />
      ) : role.isError ? (
        <ErrorState error={role.error} onRetry={() => void role.refetch()} />
      ) : (
        <RoleView
          role={role.data}
          canDelete={canDelete}
          onDeleted={() => navigate(paths.users.roles.list.getHref(), { replace: true })}
        />
      )}
    </PageFrame>
  );
}
