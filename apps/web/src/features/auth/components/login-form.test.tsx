import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ClientResponseError } from 'pocketbase';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pb } from '@/lib/pocketbase';
import { renderWithProviders } from '@/test/render';
import { LoginForm } from './login-form';

function rejectWith(status: number) {
  const original = pb.collection.bind(pb);
  vi.spyOn(pb, 'collection').mockImplementation((name: string) => {
    const service = original(name);
    vi.spyOn(service, 'authWithPassword').mockRejectedValue(
      new ClientResponseError({ status, response: { status, message: 'x', data: {} } }),
    );
    return service;
  });
}

describe('LoginForm', () => {
  afterEach(() => vi.restoreAllMocks());

  it("has today's labels and a working forgot-password link", () => {
    renderWithProviders(<LoginForm />);
    expect(screen.getByLabelText('Email Address')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('link', { name: 'Forgot login password?' })).toHaveAttribute(
      'href',
      '/auth/forgot-password',
    );
    expect(screen.getByRole('button', { name: 'Log In' })).toBeInTheDocument();
  });

  it('shows and hides the password', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LoginForm />);
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'text');
  });

  it('submits on Enter and shows the one generic failure', async () => {
    rejectWith(400);
    const user = userEvent.setup();
    renderWithProviders(<LoginForm />);
    await user.type(screen.getByLabelText('Email Address'), 'a@example.org');
    await user.type(screen.getByLabelText('Password'), 'wrong{Enter}');
    expect(await screen.findByText('Failed To Login')).toBeInTheDocument();
  });

  it('says "Inactive User" for an inactive account', async () => {
    rejectWith(403);
    const user = userEvent.setup();
    renderWithProviders(<LoginForm />);
    await user.type(screen.getByLabelText('Email Address'), 'a@example.org');
    await user.type(screen.getByLabelText('Password'), 'right{Enter}');
    expect(await screen.findByText('Inactive User')).toBeInTheDocument();
  });
});
