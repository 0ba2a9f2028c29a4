import { useTranslation } from '@/lib/i18n/use-translation';
import { useNavigate } from 'react-router';
import { PageFrame } from '@/components/page/page-frame';
import { showCreated } from '@/components/resource/created-notice';
import { paths } from '@/config/paths';
import { useCreateRole } from '@/features/roles/api/roles-api';
import { RoleForm } from '@/features/roles/components/role-form';
import { toAppError } from '@/lib/errors';

export default function RoleNewRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateRole();
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
                showCreated({
                  title: t('roles.created.title'),
                  body: t('roles.created.body'),
                  name: role.title,
                  href: paths.users.roles.view.getHref(role.id),
                });
                navigate(paths.users.roles.view.getHref(role.id));
              },
              onError: (error) => showFieldErrors(toAppError(error).fieldErrors),
            },
          )
        }
      />
    </PageFrame>
  );
}
