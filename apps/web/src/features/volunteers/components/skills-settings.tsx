import { useTranslation } from '@/lib/i18n/use-translation';
import { OptionListSettings, optionTexts } from '@/components/resource/option-list-settings';
import { VOLUNTEER_SKILLS, VOLUNTEERS, type SkillRecord } from '../types';

/** The volunteers' settings: skills, created, changed and removed. */
export function SkillsSettings() {
  const { t } = useTranslation();
  return (
    <OptionListSettings<SkillRecord, { title: string; description: string }>
      collection={VOLUNTEER_SKILLS}
      alsoRefresh={[VOLUNTEERS]}
      texts={optionTexts(t, 'volunteers.skills')}
    />
  );
}
