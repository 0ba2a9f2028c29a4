import { Anchor, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link } from 'react-router';
import { showFirstPassword } from './first-password';

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
 * Says that a record was created (the app then opens it). A new account's first password is shown
 * in a dialog the person closes (first-password-dialog.tsx), so the administrator can copy it and
 * pass it on, rather than in a passing message over the page.
 */
export function showCreated({ title, body, name, href, firstPassword }: CreatedNotice) {
  if (firstPassword) {
    showFirstPassword({ title, body, name, href, password: firstPassword });
    return;
  }
  notifications.show({
    color: 'green',
    title,
    autoClose: 8000,
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
      </Stack>
    ),
  });
}
