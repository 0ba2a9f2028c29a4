import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RecordModel } from 'pocketbase';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { EntryDialog } from './entry-dialog';

type Vault = RecordModel & { title: string };

/** The "Add vault" dialog, which calls `close` when it is done. */
function VaultDialog({ close }: { close: () => void }) {
  return (
    <EntryDialog<Vault, { title: string }>
      collection="vaults"
      record={null}
      title="Add a vault"
      fields={[{ name: 'title', label: 'Vault title' }]}
      initialValues={{ title: '' }}
      toBody={(v) => v}
      onSaved={close}
      onClose={close}
    />
  );
}

/** A screen's "Add vault" dialog, open until it closes itself. */
function AddVault() {
  const [open, setOpen] = useState(true);
  const [client] = useState(() => new QueryClient());
  return (
    <QueryClientProvider client={client}>
      {open ? <VaultDialog close={() => setOpen(false)} /> : <p>Closed</p>}
    </QueryClientProvider>
  );
}

/** A list's "Add vault" button, whose dialog is mounted to open and unmounted to close. */
function AddVaultButton() {
  const [open, setOpen] = useState(false);
  const [client] = useState(() => new QueryClient());
  return (
    <QueryClientProvider client={client}>
      <button type="button" onClick={() => setOpen(true)}>
        Add vault
      </button>
      {open && <VaultDialog close={() => setOpen(false)} />}
    </QueryClientProvider>
  );
}

const asking = () => screen.queryByRole('dialog', { name: 'Close without saving?' });
const entry = () => screen.queryByRole('dialog', { name: 'Add a vault' });

describe('a record dialog', () => {
  it('gives the focus back to the button that opened it when it closes', async () => {
    const user = userEvent.setup();
    renderWithProviders(<AddVaultButton />);
    const button = screen.getByRole('button', { name: 'Add vault' });
    await user.click(button);
    await screen.findByLabelText(/Vault title/);
    await waitFor(() => expect(entry()?.contains(document.activeElement)).toBe(true));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(entry()).toBeNull());
    await waitFor(() => expect(button).toHaveFocus());
  });
});

describe('a record dialog with unsaved changes', () => {
  it('closes at once when nothing was changed', async () => {
    const user = userEvent.setup();
    renderWithProviders(<AddVault />);
    await screen.findByLabelText(/Vault title/);
    await user.keyboard('{Escape}');
    expect(await screen.findByText('Closed')).toBeInTheDocument();
    expect(asking()).toBeNull();
  });

  it('asks before closing with changes: Stay keeps what was typed, Discard closes', async () => {
    const user = userEvent.setup();
    renderWithProviders(<AddVault />);
    const title = await screen.findByLabelText(/Vault title/);
    await user.type(title, 'Field cash box');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(asking()).toBeVisible());
    // Stay has the focus: Enter at once keeps the work.
    const stay = screen.getByRole('button', { name: 'Stay' });
    await waitFor(() => expect(stay).toHaveFocus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(asking()).toBeNull());
    expect(entry()).toBeInTheDocument();
    expect(screen.getByLabelText(/Vault title/)).toHaveValue('Field cash box');

    // Escape while it asks is Stay too, not a second close.
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(asking()).toBeVisible());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(asking()).toBeNull());
    expect(screen.getByLabelText(/Vault title/)).toHaveValue('Field cash box');

    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.click(await screen.findByRole('button', { name: 'Discard' }));
    expect(await screen.findByText('Closed')).toBeInTheDocument();
  });

  it('lets Cancel discard the changes without asking, as on a page', async () => {
    const user = userEvent.setup();
    renderWithProviders(<AddVault />);
    await user.type(await screen.findByLabelText(/Vault title/), 'Draft');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Closed')).toBeInTheDocument();
    expect(asking()).toBeNull();
  });
});
