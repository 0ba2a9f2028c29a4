import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ClientResponseError } from 'pocketbase';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { pb } from '@/lib/pocketbase';
import { renderWithProviders } from '@/test/render';
import { LoginForm } from './login-form';

/** The sign-in request (features/auth/api/sign-in.ts) answers `status`. */
function rejectWith(status: number) {
  vi.spyOn(pb, 'send').mockRejectedValue(
    new ClientResponseError({ status, response: { status, message: 'x', data: {} } }),
  );
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

  describe("taking over the guest page's early form", () => {
    // As holdStaticSignIn leaves it (lib/static-sign-in.ts: the focused field in data-focused).
    function earlyForm({
      identity = '',
      password = '',
      submitted = false,
      hidden = false,
      focused = '',
      shown = false,
      language = 'en',
    }) {
      const hold = document.createElement('div');
      hold.id = 'sign-in-static';
      hold.hidden = hidden;
      if (submitted) hold.setAttribute('data-submitted', '');
      if (focused) hold.setAttribute('data-focused', focused);
      hold.setAttribute('data-language', language);
      hold.innerHTML = `<form><input autocomplete="username"><input autocomplete="current-password"></form>`;
      const [email, secret] = hold.querySelectorAll('input');
      email.value = identity;
      secret.value = password;
      // The eye button shows the password by making the field a text field.
      secret.type = shown ? 'text' : 'password';
      document.body.appendChild(hold);
      document.documentElement.setAttribute('data-static-sign-in', '');
      return { hold };
    }

    it('keeps what was typed and where the focus was, and removes the early form', () => {
      earlyForm({ identity: 'amal@example.org', password: 'half', focused: 'password' });
      renderWithProviders(<LoginForm />);
      expect(document.getElementById('sign-in-static')).toBeNull();
      expect(document.documentElement).not.toHaveAttribute('data-static-sign-in');
      expect(screen.getByLabelText('Email Address')).toHaveValue('amal@example.org');
      expect(screen.getByLabelText('Password')).toHaveValue('half');
      expect(screen.getByLabelText('Password')).toHaveFocus();
    });

    it('keeps the password shown and the focus on the eye button', () => {
      earlyForm({ identity: 'amal@example.org', password: 'half', focused: 'toggle', shown: true });
      renderWithProviders(<LoginForm />);
      expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'text');
      expect(screen.getByRole('button', { name: 'Show password' })).toHaveFocus();
    });

    it('signs in when "Log In" was pressed before the app arrived', async () => {
      rejectWith(400);
      earlyForm({ identity: 'amal@example.org', password: 'wrong', submitted: true });
      renderWithProviders(<LoginForm />);
      expect(await screen.findByText('Failed To Login')).toBeInTheDocument();
      expect(screen.getByLabelText('Password')).toHaveValue('wrong');
    });

    it('keeps the language the person switched to on the early form while this code loaded', async () => {
      earlyForm({ identity: 'amal@example.org', language: 'ar' });
      renderWithProviders(<LoginForm />);
      expect(await screen.findByLabelText('البريد الإلكتروني')).toHaveValue('amal@example.org');
      expect(document.documentElement.dir).toBe('rtl');
      await setLanguage('en');
    });

    it('ignores an early form that was never shown (someone is signed in)', () => {
      earlyForm({ identity: 'x@example.org', hidden: true });
      renderWithProviders(<LoginForm />);
      expect(document.getElementById('sign-in-static')).toBeNull();
      expect(screen.getByLabelText('Email Address')).toHaveValue('');
    });
  });
});
