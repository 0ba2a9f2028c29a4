import { Anchor } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PageFrame } from '@/components/page/page-frame';
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
  // A new key gives a fresh, empty form after each creation.
  const [formKey, setFormKey] = useState(0);

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
        key={formKey}
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
              onSuccess: (user) => {
                notifications.show({
                  color: 'green',
                  title: t('users.created.title'),
                  message: (
                    <>
                      {t('users.created.body')} ({' '}
                      <Anchor component={Link} to={paths.users.view.getHref(user.id)} size="sm">
                        {user.name}
                      </Anchor>{' '}
                      )
                    </>
                  ),
                  autoClose: 8000,
                });
                create.reset();
                setFormKey((k) => k + 1);
              },
              onError: (error) => showFieldErrors(toAppError(error).fieldErrors),
            },
          )
        }
      />
    </PageFrame>
  );
}
