import { PersonSettingsPage } from '@/components/person/person-settings-page';
import { SkillsSettings } from '@/features/volunteers/components/skills-settings';
import { volunteersKind } from '@/features/volunteers/volunteer-kind';

export default function Route() {
  return <PersonSettingsPage kind={volunteersKind} Settings={SkillsSettings} />;
}
