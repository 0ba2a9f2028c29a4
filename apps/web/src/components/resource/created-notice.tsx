import { Anchor, Code, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link } from 'react-router';
import { i18n } from '@/lib/i18n';

type CreatedNotice = {
  title: string;
  body: string;
  /** The new record's name and page, linked in the notice. */
  name?: string;
  href?: string;
  /** A new account's first password (the server's default); it must be changed at first sign-in. */
  firstPassword?: string;
};

/**
 * Says that a record was created (the app then opens it). For a new account it also says its
 * first password and stays until closed, so the administrator can pass it on.
 */
export function showCreated({ title, body, name, href, firstPassword }: CreatedNotice) {
  const t = i18n.t.bind(i18n);
  notifications.show({
    color: 'green',
    title,
    autoClose: firstPassword ? false : 8000,
    message: (
      <Stack gap={4}>
        <Text size="sm">
          {body}
          {name && href && (
            <>
              {' ( '}
              <Anchor component={Link} to={href} size="sm">
                {name}
              </Anchor>
              {' )'}
            </>
          )}
        </Text>
        {firstPassword && (
          <>
            <Text size="sm" fw={600} data-testid="first-password">
              {t('accounts.firstPassword')} <Code dir="ltr">{firstPassword}</Code>
            </Text>
            <Text size="sm">{t('accounts.mustChange')}</Text>
          </>
        )}
      </Stack>
    ),
  });
}
