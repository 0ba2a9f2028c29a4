import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageFrame } from '@/components/page/page-frame';
import { emptyPerson, todayInput } from '@/components/person/person-values';
import { paths } from '@/config/paths';
import { memberFieldErrors, useCreateMember } from '@/features/members/api/create-member';
import { MemberForm } from '@/features/members/components/member-form';
import { toAppError } from '@/lib/errors';

export default function MemberNewRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateMember();
  const [initialValues] = useState(() => emptyPerson(todayInput()));

  return (
    <PageFrame
      title={t('pages.memberNew')}
      breadcrumbs={[
        { label: t('nav.home'), to: paths.home.getHref() },
        { label: t('pages.members'), to: paths.hr.members.list.getHref() },
        { label: t('pages.memberNew') },
      ]}
    >
      <MemberForm
        mode="create"
        initialValues={initialValues}
        submitting={create.isPending}
        serverError={create.error ? toAppError(create.error).message : null}
        submitLabel={t('common.save')}
        onCancel={() => navigate(paths.hr.members.list.getHref())}
        onSubmit={(values, showFieldErrors) =>
          create.mutate(values, {
            onSuccess: (member) => {
              notifications.show({
                color: 'green',
                title: t('members.created.title'),
                message: t('members.created.body', {
                  name: member.name,
                  number: member.membership_number,
                }),
              });
              navigate(paths.hr.members.view.getHref(member.id));
            },
            onError: (error) => showFieldErrors(memberFieldErrors(toAppError(error).fieldErrors)),
          })
        }
      />
    </PageFrame>
  );
}
