import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Link, useNavigate } from 'react-router';
import { renderWithProviders } from '@/test/render';
import { TextField } from './basics/text-fields';
import { useUnsavedChanges } from './unsaved-changes';
import { useForm } from './basics/use-form';

/** A form as the screens write it: Cancel and Save leave deliberately, a link does not. */
function NoteForm({ failSave = false }: { failSave?: boolean }) {
  const navigate = useNavigate();
  const form = useForm({ initialValues: { note: '' } });
  const guard = useUnsavedChanges(form.dirty);
  return (
    <form
      onSubmit={form.onSubmit(() => {
        guard.release();
        if (failSave) guard.rearm();
        else void navigate('/elsewhere');
      })}
    >
      <TextField label="Note" {...form.field('note')} />
      <Link to="/elsewhere">Sidebar link</Link>
      <button type="button" onClick={guard.deliberately(() => void navigate('/elsewhere'))}>
        Cancel
      </button>
      <button type="submit">Save</button>
      {guard.dialog}
    </form>
  );
}

const dialog = () => screen.queryByRole('dialog', { name: 'Leave without saving?' });

/** Dispatches the event the browser sends before closing or reloading the tab. */
function beforeUnloadPrevented() {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('useUnsavedChanges', () => {
  it('lets a clean form go without asking', async () => {
    const user = userEvent.setup();
    renderWithProviders(<NoteForm />, { route: '/form' });
    expect(beforeUnloadPrevented()).toBe(false);
    await user.click(screen.getByRole('link', { name: 'Sidebar link' }));
    expect(await screen.findByText('Elsewhere')).toBeInTheDocument();
    expect(dialog()).toBeNull();
  });

  it('asks before a link leaves a dirty form: Stay keeps the text, Leave goes', async () => {
    const user = userEvent.setup();
    renderWithProviders(<NoteForm />, { route: '/form' });
    await user.type(screen.getByLabelText('Note'), 'half written');
    expect(beforeUnloadPrevented()).toBe(true);

    await user.click(screen.getByRole('link', { name: 'Sidebar link' }));
    // The dialog fades in: wait until it is shown, not only in the document.
    await waitFor(() => expect(dialog()).toBeVisible());
    await user.click(screen.getByRole('button', { name: 'Stay' }));
    expect(screen.getByLabelText('Note')).toHaveValue('half written');
    expect(screen.queryByText('Elsewhere')).toBeNull();

    await user.click(screen.getByRole('link', { name: 'Sidebar link' }));
    await user.click(await screen.findByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('Elsewhere')).toBeInTheDocument();
  });

  it('does not ask when cancelling or saving deliberately', async () => {
    const user = userEvent.setup();
    const cancelled = renderWithProviders(<NoteForm />, { route: '/form' });
    await user.type(screen.getByLabelText('Note'), 'draft');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Elsewhere')).toBeInTheDocument();
    expect(dialog()).toBeNull();
    cancelled.unmount();

    renderWithProviders(<NoteForm />, { route: '/form' });
    await user.type(screen.getByLabelText('Note'), 'draft');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Elsewhere')).toBeInTheDocument();
    expect(dialog()).toBeNull();
  });

  it('asks again after a save that failed', async () => {
    const user = userEvent.setup();
    renderWithProviders(<NoteForm failSave />, { route: '/form' });
    await user.type(screen.getByLabelText('Note'), 'draft');
    fireEvent.submit(screen.getByRole('button', { name: 'Save' }));
    await user.click(screen.getByRole('link', { name: 'Sidebar link' }));
    // The dialog fades in: wait until it is shown, not only in the document.
    await waitFor(() => expect(dialog()).toBeVisible());
  });
});
