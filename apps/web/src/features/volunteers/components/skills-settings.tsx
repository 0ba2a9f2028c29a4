import { useTranslation } from 'react-i18next';
import { OptionListSettings } from '@/components/resource/option-list-settings';
import { VOLUNTEER_SKILLS, VOLUNTEERS, type SkillRecord } from '../types';

/** The volunteers' settings: skills, created, changed and removed. */
export function SkillsSettings() {
  const { t } = useTranslation();
  return (
    <OptionListSettings<SkillRecord, { title: string; description: string }>
      collection={VOLUNTEER_SKILLS}
      alsoRefresh={[VOLUNTEERS]}
      texts={{
        title: t('volunteers.skills.title'),
        help: t('volunteers.skills.help'),
        add: t('volunteers.skills.add'),
        addTitle: t('volunteers.skills.addTitle'),
        editTitle: () => t('volunteers.skills.editTitle'),
        empty: t('volunteers.skills.empty'),
      }}
    />
  );
}
