import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { PersonForm } from './person-form';
import { emptyPerson, type PersonFormValues } from './person-values';

function renderForm(
  onSubmit: (
    values: PersonFormValues,
    showFieldErrors: (errors: Record<string, string>) => void,
  ) => void = () => undefined,
  initial: Partial<PersonFormValues> = {},
) {
  return renderWithProviders(
    <PersonForm
      collection="members"
      mode="create"
      initialValues={{ ...emptyPerson('2026-01-10'), ...initial }}
      detailsLabel="Membership"
      submitting={false}
      submitLabel="Save"
      onSubmit={onSubmit}
      onCancel={() => undefined}
    />,
  );
}

beforeAll(() => {
  // The notes' autosize textarea listens to font loading, which jsdom does not implement.
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    });
  }
});

const next = () => screen.getByRole('button', { name: /^Next/ });

describe('PersonForm', () => {
  it('opens the first step with an error when saving from the last step', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    renderForm(onSubmit);
    await user.click(next());
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(next());
    expect(screen.getByLabelText('Notes')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    // Step 1 (name missing) comes before step 2 (bad email).
    expect(await screen.findByText('Enter the name')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Name/)).toBeInTheDocument();
    expect(screen.getByText('Input Validation Error')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText(/^Name/), 'Amna Hassan');
    await user.click(next());
    await user.click(next());
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // Now the email is the first error: its step opens, with the typed text kept.
    expect(await screen.findByText('Invalid email')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('not-an-email');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('saves valid input, and opens the step of a field the server refused', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(
      (_values: PersonFormValues, show: (errors: Record<string, string>) => void) =>
        show({ email: 'The server says no.' }),
    );
    renderForm(onSubmit, { name: 'Amna Hassan', email: 'amna@example.org' });
    await user.click(next());
    await user.click(next());
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0]).toMatchObject({
      name: 'Amna Hassan',
      email: 'amna@example.org',
      status: 'Active',
    });
    expect(await screen.findByText('The server says no.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('amna@example.org');
  });
});
