import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ErrorState } from '@/components/page/error-state';
import { PageFrame } from '@/components/page/page-frame';
import { PageLoader } from '@/components/page/page-loader';
import { personValuesFromRecord } from '@/components/person/person-values';
import { paths } from '@/config/paths';
import { useVolunteer } from '@/features/volunteers/api/get-volunteer';
import { useUpdateVolunteer } from '@/features/volunteers/api/update-volunteer';
import { VolunteerForm } from '@/features/volunteers/components/volunteer-form';
import { toAppError } from '@/lib/errors';
import { fileUrl } from '@/lib/records';

export default function VolunteerUpdateRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const volunteer = useVolunteer(id);
  const update = useUpdateVolunteer(id);
  const title = t('pages.volunteerUpdate');

  return (
    <PageFrame
      title={title}
      description={volunteer.data?.name}
      breadcrumbs={[
        { label: t('nav.home'), to: paths.home.getHref() },
        { label: t('pages.volunteers'), to: paths.hr.volunteers.list.getHref() },
        {
          label: volunteer.data?.name ?? t('pages.volunteer'),
          to: paths.hr.volunteers.view.getHref(id),
        },
        { label: title },
      ]}
    >
      {volunteer.isPending ? (
        <PageLoader />
      ) : volunteer.isError ? (
        <ErrorState error={volunteer.error} onRetry={() => void volunteer.refetch()} />
      ) : (
        <VolunteerForm
          mode="update"
          initialValues={{
            ...personValuesFromRecord(volunteer.data),
            status: volunteer.data.status || null,
            membership_type: null,
            skills: volunteer.data.skills ?? [],
            availability: volunteer.data.availability ?? [],
          }}
          currentAvatarUrl={fileUrl(volunteer.data, volunteer.data.avatar, '200x200')}
          submitting={update.isPending}
          serverError={update.error ? toAppError(update.error).message : null}
          submitLabel={t('common.update')}
          onCancel={() => navigate(paths.hr.volunteers.view.getHref(id))}
          onSubmit={(values, showFieldErrors) =>
            update.mutate(values, {
              onSuccess: (saved) => {
                notifications.show({
                  color: 'green',
                  title: t('volunteers.updated.title'),
                  message: t('volunteers.updated.body', { name: saved.name }),
                });
                navigate(paths.hr.volunteers.view.getHref(saved.id));
              },
              onError: (error) => showFieldErrors(toAppError(error).fieldErrors),
            })
          }
        />
      )}
    </PageFrame>
  );
}
