import { Anchor } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PageFrame } from '@/components/page/page-frame';
import { paths } from '@/config/paths';
import { useCreateRole } from '@/features/roles/api/roles-api';
import { RoleForm } from '@/features/roles/components/role-form';
import { toAppError } from '@/lib/errors';

export default function RoleNewRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateRole();
  const [formKey, setFormKey] = useState(0);
  return (
    <PageFrame
      title={t('pages.roleNew')}
      breadcrumbs={[
        { label: t('nav.home'), to: paths.home.getHref() },
        { label: t('nav.links.roles'), to: paths.users.roles.list.getHref() },
        { label: t('pages.roleNew') },
      ]}
    >
      <RoleForm
        key={formKey}
        initialValues={{ title: '', description: '', permissions: [] }}
        submitting={create.isPending}
        serverError={create.error ? toAppError(create.error).message : null}
        submitLabel={t('common.save')}
        onCancel={() => navigate(paths.users.roles.list.getHref())}
        onSubmit={(values, showFieldErrors) =>
          create.mutate(
            {
              title: values.title.trim(),
              description: values.description,
              permissions: values.permissions,
            },
            {
              onSuccess: (role) => {
                notifications.show({
                  color: 'green',
                  title: t('roles.created.title'),
                  message: (
                    <>
                      {t('roles.created.body')} ({' '}
                      <Anchor
                        component={Link}
                        to={paths.users.roles.view.getHref(role.id)}
                        size="sm"
                      >
                        {role.title}
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
