import {
  Anchor,
  Button,
  Code,
  CopyButton,
  Group,
  Modal,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { focusPageHeading } from '@/lib/focus-back';
import { useTranslation } from '@/lib/i18n/use-translation';
import { closeFirstPassword, firstPasswordStore } from './first-password';

/**
 * The dialog that shows a new account's first password until the person closes it (Done, the
 * close button or Escape). The focus starts on the copy button; having copied is said to screen
 * readers. Mounted once in the app's layout, so it stays while the app opens the new record.
 */
export default function FirstPasswordDialog() {
  const { t } = useTranslation();
  const shown = useSyncExternalStore(firstPasswordStore.subscribe, firstPasswordStore.get);
  return (
    <Modal
      opened={shown !== null}
      onClose={closeFirstPassword}
      // What had the focus when it opened, the form that created the account, is gone: the app
      // opened the new record meanwhile. The focus goes to that page's heading instead, once the
      // dialog's nodes have left the page.
      returnFocus={false}
      onExitTransitionEnd={() => setTimeout(focusPageHeading)}
      title={shown?.title}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
      data-testid="first-password-dialog"
    >
      {shown && (
        <Stack gap="sm">
          <Text size="sm">
            {shown.body}
            {shown.name && shown.href && (
              <>
                {' ( '}
                <Anchor component={Link} to={shown.href} size="sm" onClick={closeFirstPassword}>
                  {shown.name}
                </Anchor>
                {' )'}
              </>
            )}
          </Text>
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" fw={600} id="first-password-label">
              {t('accounts.firstPassword')}
            </Text>
            <Code
              dir="ltr"
              fz="md"
              data-testid="first-password"
              aria-labelledby="first-password-label"
            >
              {shown.password}
            </Code>
          </Group>
          <Text size="sm">{t('accounts.mustChange')}</Text>
          <CopyButton value={shown.password} timeout={3000}>
            {({ copied, copy }) => (
              <Group justify="space-between" mt="xs">
                <Button
                  variant="light"
                  leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  onClick={copy}
                  data-autofocus
                  data-testid="first-password-copy"
                >
                  {copied ? t('accounts.copied') : t('accounts.copy')}
                </Button>
                <Button onClick={closeFirstPassword}>{t('accounts.done')}</Button>
                <VisuallyHidden role="status">
                  {copied ? t('accounts.copiedSaid') : ''}
                </VisuallyHidden>
              </Group>
            )}
          </CopyButton>
        </Stack>
      )}
    </Modal>
  );
}
