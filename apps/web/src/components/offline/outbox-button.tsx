import { Group, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconCloudUpload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { useOutbox } from '@/lib/offline/use-outbox';
import { onDemand } from '@/lib/on-demand';
import { formatBytes, loadFixDialog } from './outbox-item';

/**
 * The panel in its drawer (./outbox.tsx): fetched as soon as the outbox holds something (the
 * button shows), so that it is there when pressed; offline it comes from what was fetched ahead
 * (./prefetch-for-offline.ts). An empty outbox fetches nothing.
 */
const OutboxDrawer = onDemand(() => import('./outbox'), { closed: { opened: false } });

/**
 * The top bar's outbox: "3 waiting · 1.2 MB to send" (announced politely as it changes), opening
 * the outbox panel. Shown only while the outbox holds something.
 */
export function OutboxButton() {
  const { t, i18n } = useTranslation();
  const { items, waiting, refused, bytes } = useOutbox();
  const [opened, setOpened] = useState(false);
  const anyRefused = refused > 0;
  // A refusal came from the server, so the connection is up: fetch "Fix and resend" now, for
  // the moment the person opens it, perhaps offline.
  useEffect(() => {
    if (anyRefused) void loadFixDialog().catch(() => {});
  }, [anyRefused]);
  const count = items?.length ?? 0;
  const size = formatBytes(t, bytes, i18n.language);
  const parts = [
    t('outbox.waiting', { count: waiting }),
    ...(refused > 0 ? [t('outbox.refused', { count: refused })] : []),
    ...(count > 0 ? [t('outbox.left', { size })] : []),
  ];
  const summary = parts.join(' · ');
  return (
    <>
      {/* Always in the page, so that a screen reader hears the count change. */}
      <VisuallyHidden role="status" aria-live="polite">
        {count > 0 ? summary : ''}
      </VisuallyHidden>
      {count > 0 && (
        <UnstyledButton
          onClick={() => setOpened(true)}
          aria-label={t('outbox.open', { summary })}
          aria-haspopup="dialog"
          data-testid="outbox-button"
          px={8}
          py={4}
          style={{
            borderRadius: 'var(--mantine-radius-xl)',
            border: `1px solid var(--mantine-color-${refused ? 'red' : 'blue'}-6)`,
            color: `var(--mantine-color-${refused ? 'red' : 'blue'}-8)`,
          }}
        >
          <Group gap={6} wrap="nowrap">
            <IconCloudUpload size={18} aria-hidden />
            {/* A phone's top bar has room for the number only; the label says it all. */}
            <Text size="sm" fw={600} hiddenFrom="sm" aria-hidden>
              {new Intl.NumberFormat(i18n.language === 'ar' ? 'ar' : 'en').format(count)}
            </Text>
            <Text size="sm" fw={600} visibleFrom="sm" style={{ whiteSpace: 'nowrap' }}>
              {t('outbox.waiting', { count: waiting })}
              {refused > 0 && ` · ${t('outbox.refused', { count: refused })}`}
            </Text>
            <Text size="xs" visibleFrom="md" style={{ whiteSpace: 'nowrap' }}>
              {t('outbox.left', { size })}
            </Text>
          </Group>
        </UnstyledButton>
      )}
      <OutboxDrawer when={count > 0 || opened} opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}
