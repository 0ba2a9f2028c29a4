import { Button } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { rules } from './rules';
import { TextField } from './basics/text-fields';
import { useForm } from './basics/use-form';

function Form() {
  const form = useForm({
    initialValues: { name: '', email: '' },
    rules: {
      name: [rules.required('Enter the name')],
      email: [rules.required('Enter the email')],
    },
  });
  return (
    <form noValidate onSubmit={form.onSubmit(() => undefined)}>
      <TextField label="Name" {...form.field('name')} />
      <TextField label="Email" {...form.field('email')} />
      <Button type="submit">Save</Button>
    </form>
  );
}

describe('form errors for assistive technology', () => {
  it('ties each error to its field and moves focus to the first field in error', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Form />);
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const name = screen.getByRole('textbox', { name: 'Name' });
    const email = screen.getByRole('textbox', { name: 'Email' });
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    // The error text is the field's description: read out with it.
    expect(name).toHaveAccessibleDescription('Enter the name');
    expect(email).toHaveAccessibleDescription('Enter the email');
    await waitFor(() => expect(name).toHaveFocus());
  });

  it('moves focus to the first field still in error, not to a valid one', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Form />);
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Amna');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const email = screen.getByRole('textbox', { name: 'Email' });
    await waitFor(() => expect(email).toHaveFocus());
    expect(screen.getByRole('textbox', { name: 'Name' })).not.toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });
});
