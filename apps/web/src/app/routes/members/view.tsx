import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ErrorState } from '@/components/page/error-state';
import { PageFrame } from '@/components/page/page-frame';
import { PageLoader } from '@/components/page/page-loader';
import { paths } from '@/config/paths';
import { useMember } from '@/features/members/api/get-member';
import { MemberProfile } from '@/features/members/components/member-profile';
import { useCan } from '@/lib/session';

export default function MemberViewRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const member = useMember(id);
  const canUpdate = useCan('members.update');
  const canDelete = useCan('members.remove');
  const title = member.data?.name || t('pages.member');

  return (
    <PageFrame
      title={title}
      breadcrumbs={[
        { label: t('nav.home'), to: paths.home.getHref() },
        { label: t('pages.members'), to: paths.hr.members.list.getHref() },
        { label: title },
      ]}
      actions={
        canUpdate && (
          <Button
            component={Link}
            to={paths.hr.members.update.getHref(id)}
            leftSection={<IconPencil size={16} />}
          >
            {t('common.update')}
          </Button>
        )
      }
    >
      {member.isPending ? (
        <PageLoader />
      ) : member.isError ? (
        <ErrorState error={member.error} onRetry={() => void member.refetch()} />
      ) : (
        <MemberProfile
          member={member.data}
          canEdit={canUpdate}
          canDelete={canDelete}
          onDeleted={() => {
            notifications.show({
              color: 'green',
              title: t('confirm.removed'),
              message: t('confirm.removedBody'),
            });
            navigate(paths.hr.members.list.getHref(), { replace: true });
          }}
        />
      )}
    </PageFrame>
  );
}
