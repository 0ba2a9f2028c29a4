import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ClientResponseError } from 'pocketbase';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pb } from '@/lib/pocketbase';
import { renderWithProviders } from '@/test/render';
import { LoginForm } from './login-form';

type Answer = (path: string, options: Record<string, unknown>) => Promise<unknown>;

/** The server: the password's 401 with an mfaId, the step's choices, then `second` for the code. */
function server(choices: Record<string, boolean>, second: Answer) {
  const calls: { path: string; body: unknown; query: unknown }[] = [];
  vi.spyOn(pb, 'send').mockImplementation(((path: string, options: Record<string, unknown>) => {
    calls.push({ path, body: options.body, query: options.query });
    if (path === '/api/sign-in')
      return Promise.reject(
        new ClientResponseError({ status: 401, response: { mfaId: 'mfa000000000001' } }),
      );
    if (path === '/api/sign-in/mfa')
      return Promise.resolve({ collectionName: 'employees', ...choices });
    return second(path, options);
  }) as typeof pb.send);
  return calls;
}

async function password(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Email Address'), 'amna@example.org');
  await user.type(screen.getByLabelText('Password'), 'right{Enter}');
}

describe('the second step of the sign-in form', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    pb.authStore.clear();
  });

  it('asks for the app code, then keeps the session the code brings', async () => {
    const calls = server({ totp: true, otp: false, enrol: false }, async () => ({
      token: 'tok',
      record: { id: 'abc123def456ghi', collectionName: 'employees' },
    }));
    const user = userEvent.setup();
    renderWithProviders(<LoginForm />);
    await password(user);
    const field = await screen.findByLabelText('Code from your authenticator app');
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    expect(field).toHaveAttribute('inputmode', 'numeric');
    expect(pb.authStore.token).toBe('');
    expect(screen.queryByRole('button', { name: 'Email me a code' })).toBeNull();
    await user.type(field, '123456{Enter}');
    await vi.waitFor(() => expect(pb.authStore.token).toBe('tok'));
    expect(calls.at(-1)).toEqual({
      path: '/api/collections/employees/auth-with-totp',
      body: { mfaId: 'mfa000000000001', code: '123456' },
      query: { expand: 'roles' },
    });
  });

  it('takes a recovery code instead, and says when a code is wrong', async () => {
    server({ totp: true, otp: false, enrol: false }, async () => {
      throw new ClientResponseError({
        status: 400,
        response: { status: 400, message: 'Invalid authenticator or recovery code.', data: {} },
      });
    });
    const user = userEvent.setup();
    renderWithProviders(<LoginForm />);
    await password(user);
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    const field = await screen.findByLabelText('Recovery code');
    expect(field).toHaveAttribute('autocomplete', 'off');
    await vi.waitFor(() => expect(field).toHaveFocus());
    await user.type(field, 'abcd-efgh-jkmn{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not right');
    expect(pb.authStore.token).toBe('');
  });

  it('emails a code on request and sends it with the mfaId', async () => {
    const calls = server({ totp: false, otp: true, enrol: false }, async (path) =>
      path.endsWith('/request-otp')
        ? { otpId: 'otp000000000001' }
        : { token: 'tok2', record: { id: 'abc123def456ghi', collectionName: 'employees' } },
    );
    const user = userEvent.setup();
    renderWithProviders(<LoginForm />);
    await password(user);
    expect(
      await screen.findByText('We can email a sign-in code to amna@example.org.'),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Email me a code' }));
    await user.type(await screen.findByLabelText('Code from the email'), '12345678{Enter}');
    await vi.waitFor(() => expect(pb.authStore.token).toBe('tok2'));
    expect(calls.find((c) => c.path.endsWith('/request-otp'))?.body).toEqual({
      email: 'amna@example.org',
    });
    expect(calls.at(-1)).toEqual({
      path: '/api/collections/employees/auth-with-otp',
      body: { otpId: 'otp000000000001', password: '12345678' },
      query: { expand: 'roles', mfaId: 'mfa000000000001' },
    });
  });
});
