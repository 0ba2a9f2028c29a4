import { Anchor, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Link, useNavigate, useParams } from 'react-router';
import { ErrorState } from '@/components/page/error-state';
import { PageFrame } from '@/components/page/page-frame';
import { PageLoader } from '@/components/page/page-loader';
import { AccountActions } from '@/components/resource/account-actions';
import { useSaveRecord } from '@/components/resource/use-records';
import { paths } from '@/config/paths';
import { USERS, useUser } from '@/features/users/api/get-user';
import { UserForm } from '@/features/users/components/user-form';
import { toAppError } from '@/lib/errors';
import { fileUrl } from '@/lib/data/records';
import { userStatusOf, type UserRecord } from '@/lib/models';
import { useAccount, useCan } from '@/lib/session';

export default function UserUpdateRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const user = useUser(id);
  const update = useSaveRecord<UserRecord>(USERS);
  const account = useAccount();
  const canManage = useCan('users.update');
  const canList = useCan('users.read');
  const own = account?.collection === 'users' && account.id === id;
  const title = t('pages.userUpdate');

  return (
    <PageFrame
      title={title}
      description={user.data?.name}
      breadcrumbs={[
        { label: t('nav.home'), to: paths.home.getHref() },
        { label: t('nav.modules.users'), to: canList ? paths.users.list.getHref() : undefined },
        { label: user.data?.name ?? t('pages.user'), to: paths.users.view.getHref(id) },
        { label: title },
      ]}
    >
      {user.isPending ? (
        <PageLoader />
      ) : user.isError ? (
        <ErrorState error={user.error} onRetry={() => void user.refetch()} />
      ) : (
        <Stack gap="lg">
          <UserForm
            mode="update"
            initialValues={{
              email: user.data.email,
              name: user.data.name,
              bio: user.data.bio ?? '',
              status: userStatusOf(user.data.status),
              roles: user.data.roles ?? [],
              avatar: null,
              removeAvatar: false,
            }}
            currentAvatarUrl={fileUrl(user.data, user.data.avatar, '200x200')}
            canManage={canManage}
            submitting={update.isPending}
            serverError={update.error ? toAppError(update.error).message : null}
            submitLabel={t('common.update')}
            onCancel={() => navigate(paths.users.view.getHref(id))}
            onSubmit={(values, showFieldErrors) =>
              update.mutate(
                {
                  id,
                  body: {
                    name: values.name,
                    bio: values.bio,
                    ...(canManage ? { roles: values.roles } : {}),
                    ...(canManage && values.status ? { status: values.status } : {}),
                    ...(values.avatar
                      ? { avatar: values.avatar }
                      : values.removeAvatar
                        ? { avatar: null }
                        : {}),
                  },
                },
                {
                  onSuccess: (saved) => {
                    notifications.show({
                      color: 'green',
                      title: t('users.updated.title'),
                      message: (
                        <>
                          {t('users.updated.body')} ({' '}
                          <Anchor
                            component={Link}
                            to={paths.users.view.getHref(saved.id)}
                            size="sm"
                          >
                            {saved.name}
                          </Anchor>{' '}
                          )
                        </>
                      ),
                    });
                    navigate(paths.users.view.getHref(saved.id));
                  },
                  onError: (error) => showFieldErrors(toAppError(error).fieldErrors),
                },
              )
            }
          />
          {canManage && !own && (
            <AccountActions
              collection="users"
              account={{ ...user.data, status: userStatusOf(user.data.status) }}
              status={{ field: 'status', active: 'ACTIVE', suspended: 'SUSPENDED' }}
              texts="users.actions"
              title={t('users.actions.title')}
              canReset
              canChangeStatus
              danger
            />
          )}
        </Stack>
      )}
    </PageFrame>
  );
}
