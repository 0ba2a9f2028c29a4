import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pb } from '@/lib/pocketbase';
import { recordKeys } from '@/lib/query-keys';
import { VOLUNTEER_SKILLS, VOLUNTEERS, type SkillRecord } from '../types';

export type SkillInput = { title: string; description: string };

export function saveSkill({ id, input }: { id?: string; input: SkillInput }): Promise<SkillRecord> {
  const body = { title: input.title.trim(), description: input.description.trim() };
  return id
    ? pb.collection(VOLUNTEER_SKILLS).update<SkillRecord>(id, body)
    : pb.collection(VOLUNTEER_SKILLS).create<SkillRecord>(body);
}

/** Volunteers show their skills' titles: refresh them too. */
export function useInvalidateSkills() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: recordKeys.all(VOLUNTEER_SKILLS) }),
      queryClient.invalidateQueries({ queryKey: recordKeys.all(VOLUNTEERS) }),
    ]);
}

export function useSaveSkill() {
  const invalidate = useInvalidateSkills();
  return useMutation({ mutationFn: saveSkill, onSuccess: invalidate });
}
