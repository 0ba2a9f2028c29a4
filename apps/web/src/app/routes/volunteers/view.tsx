import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ErrorState } from '@/components/page/error-state';
import { PageFrame } from '@/components/page/page-frame';
import { PageLoader } from '@/components/page/page-loader';
import { paths } from '@/config/paths';
import { useVolunteer } from '@/features/volunteers/api/get-volunteer';
import { VolunteerProfile } from '@/features/volunteers/components/volunteer-profile';
import { useCan } from '@/lib/session';

export default function VolunteerViewRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const volunteer = useVolunteer(id);
  const canUpdate = useCan('volunteers.update');
  const canDelete = useCan('volunteers.remove');
  const title = volunteer.data?.name || t('pages.volunteer');

  return (
    <PageFrame
      title={title}
      breadcrumbs={[
        { label: t('nav.home'), to: paths.home.getHref() },
        { label: t('pages.volunteers'), to: paths.hr.volunteers.list.getHref() },
        { label: title },
      ]}
      actions={
        canUpdate && (
          <Button
            component={Link}
            to={paths.hr.volunteers.update.getHref(id)}
            leftSection={<IconPencil size={16} />}
          >
            {t('common.update')}
          </Button>
        )
      }
    >
      {volunteer.isPending ? (
        <PageLoader />
      ) : volunteer.isError ? (
        <ErrorState error={volunteer.error} onRetry={() => void volunteer.refetch()} />
      ) : (
        <VolunteerProfile
          volunteer={volunteer.data}
          canEdit={canUpdate}
          canDelete={canDelete}
          onDeleted={() => {
            notifications.show({
              color: 'green',
              title: t('confirm.removed'),
              message: t('confirm.removedBody'),
            });
            navigate(paths.hr.volunteers.list.getHref(), { replace: true });
          }}
        />
      )}
    </PageFrame>
  );
}
