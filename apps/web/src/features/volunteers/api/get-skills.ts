import { useFullList } from '@/lib/data/records';
import { VOLUNTEER_SKILLS, type SkillRecord } from '../types';

/** Every volunteer skill, by title (any signed-in account may read them). */
export function useSkills() {
  return useFullList<SkillRecord>(VOLUNTEER_SKILLS, { sort: 'title' });
}
