import { useTranslation } from '@/lib/i18n/use-translation';
import { PERSON_IMPORT_HEADERS, PersonImport } from '@/components/person/person-import';
import { useMembershipTypes } from '../api/get-membership-types';

/** The columns the server reads (`apps/server/src/routes/api/hr-import.ts`), in template order. */
export const MEMBER_IMPORT_HEADERS = [...PERSON_IMPORT_HEADERS, 'Membership type', 'Notes'];

/** Import members from a CSV file, with a preview of every row (nothing saved while one is bad). */
export function MemberImport(props: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const types = useMembershipTypes();
  return (
    <PersonImport
      {...props}
      collection="members"
      headers={MEMBER_IMPORT_HEADERS}
      example={[
        'Amna Hassan',
        'amna@example.org',
        '0912 345 678; 0123 456 789',
        '15/03/2024',
        '1990-05-20',
        'Female',
        'Khartoum',
        'Active',
        types.data?.[0]?.title ?? 'Ordinary member',
        '',
      ]}
      ownLabels={{
        membership_status: t('fields.members.membership_status'),
        membership_type: t('fields.members.membership_type'),
      }}
    />
  );
}
