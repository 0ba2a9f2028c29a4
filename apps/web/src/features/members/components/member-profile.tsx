import { Tabs } from '@mantine/core';
import { IconAlertOctagon, IconCash, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PersonDangerZone } from '@/components/person/person-danger-zone';
import { useDeleteMember } from '../api/delete-member';
import type { MemberRecord } from '../types';
import { MemberDuesTab } from './member-dues-tab';
import { MemberOverview } from './member-overview';

const TABS = ['overview', 'dues', 'settings'] as const;
type Tab = (typeof TABS)[number];

type MemberProfileProps = {
  member: MemberRecord;
  canEdit: boolean;
  canDelete: boolean;
  onDeleted: () => void;
};

/** A member's profile: overview, dues and (with members.remove) the danger zone; tab in the URL. */
export function MemberProfile({ member, canEdit, canDelete, onDeleted }: MemberProfileProps) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const remove = useDeleteMember(member.id);
  const requested = params.get('tab');
  const tab: Tab =
    TABS.includes(requested as Tab) && (requested !== 'settings' || canDelete)
      ? (requested as Tab)
      : 'overview';

  return (
    <Tabs
      value={tab}
      onChange={(value) =>
        setParams(
          (prev) => {
            const next = new URLSearchParams(prev);
            if (!value || value === 'overview') next.delete('tab');
            else next.set('tab', value);
            return next;
          },
          { replace: true },
        )
      }
      keepMounted={false}
    >
      <Tabs.List mb="lg">
        <Tabs.Tab value="overview" leftSection={<IconUser size={16} />}>
          {t('members.tabs.overview')}
        </Tabs.Tab>
        <Tabs.Tab value="dues" leftSection={<IconCash size={16} />}>
          {t('members.tabs.dues')}
        </Tabs.Tab>
        {canDelete && (
          <Tabs.Tab value="settings" color="red" leftSection={<IconAlertOctagon size={16} />}>
            {t('hrPeople.danger.tab')}
          </Tabs.Tab>
        )}
      </Tabs.List>
      <Tabs.Panel value="overview">
        <MemberOverview member={member} />
      </Tabs.Panel>
      <Tabs.Panel value="dues">
        <MemberDuesTab member={member} canEdit={canEdit} />
      </Tabs.Panel>
      {canDelete && (
        <Tabs.Panel value="settings">
          <PersonDangerZone
            help={t('members.danger.help')}
            confirmMessage={t('members.danger.confirm', { name: member.name })}
            pending={remove.isPending}
            error={remove.error}
            onReset={remove.reset}
            onConfirm={() => remove.mutate(undefined, { onSuccess: onDeleted })}
          />
        </Tabs.Panel>
      )}
    </Tabs>
  );
}
