import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { ConfirmDialog } from './confirm-dialog';

describe('ConfirmDialog', () => {
  it('asks before removing, and confirms or cancels', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    renderWithProviders(<ConfirmDialog opened onConfirm={onConfirm} onCancel={onCancel} />);
    expect(await screen.findByText('Confirm Remove')).toBeInTheDocument();
    expect(screen.getByText("You can't undo this operation")).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
  });
});

describe('ConfirmDialog fetched on first opening', () => {
  it('renders nothing while closed, then the dialog once opened', async () => {
    const props = { onConfirm: vi.fn(), onCancel: vi.fn(), title: 'Remove the payment?' };
    const view = renderWithProviders(<ConfirmDialog opened={false} {...props} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    view.rerender(<ConfirmDialog opened {...props} />);
    expect(await screen.findByRole('dialog', { name: 'Remove the payment?' })).toBeInTheDocument();
  });
});
