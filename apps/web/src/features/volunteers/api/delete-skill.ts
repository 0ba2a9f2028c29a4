import { useMutation } from '@tanstack/react-query';
import { pb } from '@/lib/pocketbase';
import { VOLUNTEER_SKILLS } from '../types';
import { useInvalidateSkills } from './save-skill';

/** Refused by the server (400, naming the volunteers) while volunteers still have the skill. */
export function useDeleteSkill() {
  const invalidate = useInvalidateSkills();
  return useMutation({
    mutationFn: (id: string) => pb.collection(VOLUNTEER_SKILLS).delete(id),
    onSuccess: invalidate,
  });
}
