import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { closeFirstPassword, firstPasswordStore, showFirstPassword } from './first-password';
import FirstPasswordDialog from './first-password-dialog';

describe('the first-password dialog', () => {
  afterEach(() => act(() => closeFirstPassword()));

  it('shows the password until closed, the focus on its copy button; Escape closes it', async () => {
    const user = userEvent.setup();
    renderWithProviders(<FirstPasswordDialog />);
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() =>
      showFirstPassword({
        title: 'User created',
        body: 'The user was created.',
        name: 'Layla',
        href: '/users/abc',
        password: '12345678',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'User created' });
    expect(dialog).toHaveTextContent('12345678');
    expect(screen.getByRole('link', { name: 'Layla' })).toHaveAttribute('href', '/users/abc');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Copy the password' })).toHaveFocus(),
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(firstPasswordStore.get()).toBeNull());
  });

  it("gives the focus to the new record's heading on closing: the form that opened it is gone", async () => {
    const user = userEvent.setup();
    function NewRecordPage() {
      return (
        <>
          <h1 tabIndex={-1}>Layla</h1>
          <FirstPasswordDialog />
        </>
      );
    }
    renderWithProviders(<NewRecordPage />);
    act(() => showFirstPassword({ title: 'User created', body: 'Created.', password: 'x1' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Copy the password' })).toHaveFocus(),
    );
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Layla' })).toHaveFocus());
  });

  it('closes with Done', async () => {
    const user = userEvent.setup();
    renderWithProviders(<FirstPasswordDialog />);
    act(() => showFirstPassword({ title: 'Employee added', body: 'Added.', password: 'x1' }));
    await user.click(await screen.findByRole('button', { name: 'Done' }));
    expect(firstPasswordStore.get()).toBeNull();
  });
});
