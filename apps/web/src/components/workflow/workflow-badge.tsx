import { Badge, type BadgeProps } from '@mantine/core';
import { useTranslation } from '@/lib/i18n/use-translation';
import { inLanguage, workflowOf } from '@/lib/workflow';

/** A record's state as a chip, in the colour and words its workflow declares. */
export function WorkflowBadge({
  collection,
  status,
  ...rest
}: { collection: string; status: unknown } & Omit<BadgeProps, 'color' | 'children'>) {
  const { i18n } = useTranslation();
  const flow = workflowOf(collection);
  const state = flow && typeof status === 'string' ? status || flow.initial : '';
  const declared = flow?.states[state];
  if (!declared) return null;
  return (
    <Badge
      color={declared.color}
      // A record waiting for the first decision stands out (as the old screens did).
      variant={declared.color === 'dark' ? 'filled' : 'light'}
      tt="none"
      // Never cut the label short in a narrow table column.
      miw="max-content"
      {...rest}
    >
      {inLanguage(declared.label, i18n.language)}
    </Badge>
  );
}
