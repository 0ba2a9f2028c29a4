import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageFrame } from '@/components/page/page-frame';
import { emptyPerson, todayInput } from '@/components/person/person-values';
import { paths } from '@/config/paths';
import { useCreateVolunteer } from '@/features/volunteers/api/create-volunteer';
import { VolunteerForm } from '@/features/volunteers/components/volunteer-form';
import { toAppError } from '@/lib/errors';

export default function VolunteerNewRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateVolunteer();
  const [initialValues] = useState(() => emptyPerson(todayInput()));

  return (
    <PageFrame
      title={t('pages.volunteerNew')}
      breadcrumbs={[
        { label: t('nav.home'), to: paths.home.getHref() },
        { label: t('pages.volunteers'), to: paths.hr.volunteers.list.getHref() },
        { label: t('pages.volunteerNew') },
      ]}
    >
      <VolunteerForm
        mode="create"
        initialValues={initialValues}
        submitting={create.isPending}
        serverError={create.error ? toAppError(create.error).message : null}
        submitLabel={t('common.save')}
        onCancel={() => navigate(paths.hr.volunteers.list.getHref())}
        onSubmit={(values, showFieldErrors) =>
          create.mutate(values, {
            onSuccess: (volunteer) => {
              notifications.show({
                color: 'green',
                title: t('volunteers.created.title'),
                message: t('volunteers.created.body', { name: volunteer.name }),
              });
              navigate(paths.hr.volunteers.view.getHref(volunteer.id));
            },
            onError: (error) => showFieldErrors(toAppError(error).fieldErrors),
          })
        }
      />
    </PageFrame>
  );
}
