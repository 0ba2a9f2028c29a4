import { useTranslation } from '@/lib/i18n/use-translation';
import { useNavigate } from 'react-router';
import { PageFrame } from '@/components/page/page-frame';
import { showCreated } from '@/components/resource/created-notice';
import { paths } from '@/config/paths';
import { useCreateUser } from '@/features/users/api/create-user';
import { UserForm, type UserFormValues } from '@/features/users/components/user-form';
import { toAppError } from '@/lib/errors';

const EMPTY: UserFormValues = {
  email: '',
  name: '',
  bio: '',
  status: 'ACTIVE',
  roles: [],
  avatar: null,
  removeAvatar: false,
};

export default function UserNewRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateUser();

  return (
    <PageFrame
      title={t('pages.userNew')}
      breadcrumbs={[
        { label: t('nav.home'), to: paths.home.getHref() },
        { label: t('nav.modules.users'), to: paths.users.list.getHref() },
        { label: t('pages.userNew') },
      ]}
    >
      <UserForm
        mode="create"
        initialValues={EMPTY}
        canManage
        submitting={create.isPending}
        serverError={create.error ? toAppError(create.error).message : null}
        submitLabel={t('common.save')}
        onCancel={() => navigate(paths.users.list.getHref())}
        onSubmit={(values, showFieldErrors) =>
          create.mutate(
            {
              email: values.email,
              name: values.name,
              bio: values.bio,
              status: values.status ?? 'ACTIVE',
              roles: values.roles,
              avatar: values.avatar,
            },
            {
              onSuccess: ({ user, password }) => {
                showCreated({
                  title: t('users.created.title'),
                  body: t('users.created.body'),
                  name: user.name,
                  href: paths.users.view.getHref(user.id),
                  firstPassword: password,
                });
                navigate(paths.users.view.getHref(user.id));
              },
              onError: (error) => showFieldErrors(toAppError(error).fieldErrors),
            },
          )
        }
      />
    </PageFrame>
  );
}
