import { Paper, Stack, Title } from '@mantine/core';
import { useTranslation } from '@/lib/i18n/use-translation';
import { RichTextView } from '@/components/resource/rich-text-view';

/** Titled panels of a record's editor fields (About Project, Objectives, …). */
export function Sections({ items }: { items: { title: string; html: string }[] }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      {items.map((item) => (
        <Paper
          key={item.title}
          withBorder
          radius="lg"
          p={{ base: 'md', sm: 'lg' }}
          component="section"
        >
          <Title order={2} fz="lg" mb="xs">
            {item.title}
          </Title>
          <RichTextView html={item.html} empty={t('common.none')} />
        </Paper>
      ))}
    </Stack>
  );
}
