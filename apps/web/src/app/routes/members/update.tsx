import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ErrorState } from '@/components/page/error-state';
import { PageFrame } from '@/components/page/page-frame';
import { PageLoader } from '@/components/page/page-loader';
import { personValuesFromRecord } from '@/components/person/person-values';
import { paths } from '@/config/paths';
import { memberFieldErrors } from '@/features/members/api/create-member';
import { useMember } from '@/features/members/api/get-member';
import { useUpdateMember } from '@/features/members/api/update-member';
import { MemberForm } from '@/features/members/components/member-form';
import { toAppError } from '@/lib/errors';
import { fileUrl } from '@/lib/records';

export default function MemberUpdateRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const member = useMember(id);
  const update = useUpdateMember(id);
  const title = t('pages.memberUpdate');

  return (
    <PageFrame
      title={title}
      description={member.data?.name}
      breadcrumbs={[
        { label: t('nav.home'), to: paths.home.getHref() },
        { label: t('pages.members'), to: paths.hr.members.list.getHref() },
        { label: member.data?.name ?? t('pages.member'), to: paths.hr.members.view.getHref(id) },
        { label: title },
      ]}
    >
      {member.isPending ? (
        <PageLoader />
      ) : member.isError ? (
        <ErrorState error={member.error} onRetry={() => void member.refetch()} />
      ) : (
        <MemberForm
          mode="update"
          initialValues={{
            ...personValuesFromRecord(member.data),
            status: member.data.membership_status || null,
            membership_type: member.data.membership_type || null,
            skills: [],
            availability: [],
          }}
          currentAvatarUrl={fileUrl(member.data, member.data.avatar, '200x200')}
          submitting={update.isPending}
          serverError={update.error ? toAppError(update.error).message : null}
          submitLabel={t('common.update')}
          onCancel={() => navigate(paths.hr.members.view.getHref(id))}
          onSubmit={(values, showFieldErrors) =>
            update.mutate(values, {
              onSuccess: (saved) => {
                notifications.show({
                  color: 'green',
                  title: t('members.updated.title'),
                  message: t('members.updated.body', { name: saved.name }),
                });
                navigate(paths.hr.members.view.getHref(saved.id));
              },
              onError: (error) => showFieldErrors(memberFieldErrors(toAppError(error).fieldErrors)),
            })
          }
        />
      )}
    </PageFrame>
  );
}
