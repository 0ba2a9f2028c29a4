import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { Link } from 'react-router';
import { renderWithProviders } from '@/test/render';
import { RoleForm, type RoleFormValues } from './role-form';

const empty: RoleFormValues = { title: '', description: '', permissions: [] };

function renderForm(props: Partial<Parameters<typeof RoleForm>[0]> = {}) {
  const onSubmit = vi.fn();
  const onCancel = vi.fn();
  renderWithProviders(
    <>
      <Link to="/elsewhere">Sidebar link</Link>
      <RoleForm
        initialValues={empty}
        submitting={false}
        onSubmit={onSubmit}
        onCancel={onCancel}
        submitLabel="Create role"
        {...props}
      />
    </>,
    { route: '/roles/new' },
  );
  return { onSubmit, onCancel };
}

beforeAll(() => {
  // The description's autosize textarea listens to font loading, which jsdom does not implement.
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    });
  }
});

/** The role form on the kit's FormShell: alerts above, the guard, Cancel and Save below. */
describe('RoleForm', () => {
  it("shows the server's refusal as an alert, and says when fields need attention", async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderForm({ serverError: 'The server is away.' });
    expect(screen.getByRole('alert')).toHaveTextContent('The server is away.');
    await user.click(screen.getByRole('button', { name: 'Create role' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('status')).toHaveTextContent('Input Validation Error');
  }, 30_000);

  it('asks before a link leaves typed changes; Cancel leaves without asking', async () => {
    const user = userEvent.setup();
    const { onCancel } = renderForm();
    await user.type(screen.getByRole('textbox', { name: /^Title/ }), 'T');
    await user.click(screen.getByRole('link', { name: 'Sidebar link' }));
    // The dialog fades in; a loaded machine takes longer than the default second.
    await waitFor(
      () => expect(screen.getByRole('dialog', { name: 'Leave without saving?' })).toBeVisible(),
      { timeout: 5_000 },
    );
    await user.click(screen.getByRole('button', { name: 'Stay' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  }, 30_000);

  it("saves the values, and puts the server's field errors under their fields", async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderForm({
      initialValues: { title: 'Treasurer', description: '', permissions: ['vaults.read'] },
    });
    await user.click(screen.getByRole('button', { name: 'Create role' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    const [values, showFieldErrors] = onSubmit.mock.calls[0] as [
      RoleFormValues,
      (errors: Record<string, string>) => void,
    ];
    expect(values.title).toBe('Treasurer');
    showFieldErrors({ title: 'Already taken.' });
    expect(await screen.findByText('Already taken.')).toBeInTheDocument();
  }, 30_000);
});
