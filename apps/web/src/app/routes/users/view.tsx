import { users as usersCollection } from '@app/schema';
import { useTranslation } from '@/lib/i18n/use-translation';
import { useParams } from 'react-router';
import { RecordActions } from '@/components/resource/record-page';
import { ErrorState } from '@/components/page/error-state';
import { PageFrame } from '@/components/page/page-frame';
import { PageLoader } from '@/components/page/page-loader';
import { paths } from '@/config/paths';
import { useUser } from '@/features/users/api/get-user';
import { UserView } from '@/features/users/components/user-view';
import { screenAccess } from '@/lib/permissions';
import { useCan } from '@/lib/session';
import { useAccessContext } from '../../use-access-context';

export default function UserViewRoute() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const user = useUser(id);
  const ctx = useAccessContext();
  const canUpdate = screenAccess(usersCollection, 'update')(ctx);
  const canReadRoles = useCan('roles.read');
  const canList = useCan('users.read');
  const title = user.data?.name || t('pages.user');

  return (
    <PageFrame
      title={title}
      breadcrumbs={[
        { label: t('nav.home'), to: paths.home.getHref() },
        canList
          ? { label: t('nav.modules.users'), to: paths.users.list.getHref() }
          : { label: t('nav.modules.users') },
        { label: title },
      ]}
      actions={
        <RecordActions
          history={{ collection: 'users', record: id }}
          updateHref={canUpdate ? paths.users.update.getHref(id) : undefined}
        />
      }
    >
      {user.isPending ? (
        <PageLoader />
      ) : user.isError ? (
        <ErrorState error={user.error} onRetry={() => void user.refetch()} />
      ) : (
        <UserView user={user.data} canReadRoles={canReadRoles} />
      )}
    </PageFrame>
  );
}
