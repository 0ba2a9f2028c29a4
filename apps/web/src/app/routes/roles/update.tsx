import { notifications } from '@mantine/notifications';
import { useTranslation } from '@/lib/i18n/use-translation';
import { useNavigate, useParams } from 'react-router';
import { ErrorState } from '@/components/page/error-state';
import { PageFrame } from '@/components/page/page-frame';
import { PageLoader } from '@/components/page/page-loader';
import { paths } from '@/config/paths';
import { useRole, useUpdateRole } from '@/features/roles/api/roles-api';
import { RoleForm } from '@/features/roles/components/role-form';
import { toAppError } from '@/lib/errors';

export default function RoleUpdateRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { role_id: id = '' } = useParams();
  const role = useRole(id);
  const update = useUpdateRole(id);
  const title = t('pages.roleUpdate');
  return (
    <PageFrame
      title={title}
      description={role.data?.title}
      breadcrumbs={[
        { label: t('nav.home'), to: paths.home.getHref() },
        { label: t('nav.links.roles'), to: paths.users.roles.list.getHref() },
        { label: role.data?.title ?? t('pages.role'), to: paths.users.roles.view.getHref(id) },
        { label: title },
      ]}
    >
      {role.isPending ? (
        <PageLoader />
      ) : role.isError ? (
        <ErrorState error={role.error} onRetry={() => void role.refetch()} />
      ) : (
        <RoleForm
          initialValues={{
            title: role.data.title,
            description: role.data.description ?? '',
            permissions: role.data.permissions ?? [],
          }}
          submitting={update.isPending}
          serverError={update.error ? toAppError(update.error).message : null}
          submitLabel={t('common.update')}
          onCancel={() => navigate(paths.users.roles.view.getHref(id))}
          onSubmit={(values, showFieldErrors) =>
            update.mutate(
              {
                title: values.title.trim(),
                description: values.description,
                permissions: values.permissions,
              },
              {
                onSuccess: (saved) => {
                  notifications.show({
                    color: 'green',
                    title: t('roles.updated.title'),
                    message: t('roles.updated.body', { title: saved.title }),
                  });
                  navigate(paths.users.roles.view.getHref(saved.id));
                },
                onError: (error) => showFieldErrors(toAppError(error).fieldErrors),
              },
            )
          }
        />
      )}
    </PageFrame>
  );
}
