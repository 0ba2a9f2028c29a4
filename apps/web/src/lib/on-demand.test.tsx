import { Drawer, MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, test, vi } from 'vitest';
import { PassingMessages } from '@/app/layouts/passing-messages';
import { theme } from '@/lib/theme';
import {
  fieldOnDemand,
  moduleOnDemand,
  onDemand,
  popupOnDemand,
  useOpenedOnArrival,
  type ArrivalProps,
  type OpenerProps,
  type PopupProps,
  type StandInProps,
} from './on-demand';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

describe('onDemand', () => {
  test('fetches the part the first time it is wanted, and keeps it', async () => {
    const load = vi.fn(async () => ({ default: Greeting }));
    const Part = onDemand(load);
    const { rerender } = render(<Part when={false} name="Sara" />);
    expect(load).not.toHaveBeenCalled();
    expect(screen.queryByText('Hello Sara')).toBeNull();

    rerender(<Part when name="Sara" />);
    expect(await screen.findByText('Hello Sara')).toBeTruthy();
    rerender(<Part when={false} name="Ali" />);
    // Kept once built (a dialog closing still renders, with its new props).
    expect(screen.getByText('Hello Ali')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  test('a failed download renders nothing, and the next render tries again', async () => {
    const load = vi
      .fn<() => Promise<{ default: typeof Greeting }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ default: Greeting });
    const Part = onDemand(load);
    const { container, rerender } = render(<Part when name="Sara" />);
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await act(async () => {});
    expect(container.textContent).toBe('');

    rerender(<Part when name="Omar" />);
    expect(await screen.findByText('Hello Omar')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

/** A drawer as a module fetched by its first opening (`closed`: it mounts closed, then opens). */
function FetchedDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Drawer opened={opened} onClose={onClose} title="Outbox" transitionProps={{ duration: 0 }}>
      <button type="button">Inside</button>
    </Drawer>
  );
}

type LazyDrawer = ReturnType<typeof onDemand<{ opened: boolean; onClose: () => void }>>;
const lazyDrawer = (closed: boolean): LazyDrawer =>
  onDemand(async () => ({ default: FetchedDrawer }), closed ? { closed: { opened: false } } : {});

function DrawerOpener({ LazyDrawer }: { LazyDrawer: LazyDrawer }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpened(true)}>
        Open
      </button>
      <LazyDrawer when={opened} opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}

/** Opens the drawer by its button, closes it by Escape; resolves with the button. */
async function openAndClose() {
  const open = screen.getByRole('button', { name: 'Open' });
  open.focus();
  fireEvent.click(open);
  const drawer = await screen.findByRole('dialog');
  await waitFor(() => expect(drawer.contains(document.activeElement)).toBe(true));
  fireEvent.keyDown(drawer, { key: 'Escape' });
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  return open;
}

describe('onDemand, a part that mounts closed', () => {
  test('a drawer fetched by its first opening gives the focus back to its button on closing', async () => {
    render(
      <MantineProvider theme={theme}>
        <DrawerOpener LazyDrawer={lazyDrawer(true)} />
      </MantineProvider>,
    );
    const open = await openAndClose();
    await waitFor(() => expect(open).toHaveFocus());
  });

  test('so does one whose module came before, for another part', async () => {
    const LazyDrawer = lazyDrawer(true);
    const first = render(
      <MantineProvider theme={theme}>
        <DrawerOpener LazyDrawer={LazyDrawer} />
      </MantineProvider>,
    );
    await openAndClose();
    first.unmount();
    // A new screen with the same drawer: its module is there before it is first opened.
    render(
      <MantineProvider theme={theme}>
        <DrawerOpener LazyDrawer={LazyDrawer} />
      </MantineProvider>,
    );
    const open = await openAndClose();
    await waitFor(() => expect(open).toHaveFocus());
  });

  test('mounted open instead, it does not (why `closed` is there)', async () => {
    render(
      <MantineProvider theme={theme}>
        <DrawerOpener LazyDrawer={lazyDrawer(false)} />
      </MantineProvider>,
    );
    const open = await openAndClose();
    // Mantine's own delay before it would give the focus back, and more.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(open).not.toHaveFocus();
  });
});

describe('PassingMessages', () => {
  test('shows nothing until a screen shows a message, then shows it', async () => {
    render(
      <MantineProvider theme={theme}>
        <PassingMessages />
      </MantineProvider>,
    );
    expect(document.querySelector('.mantine-Notifications-root')).toBeNull();

    act(() => {
      notifications.show({ title: 'Saved', message: 'The member was updated.' });
    });
    const message = await screen.findByText('The member was updated.');
    // Announced as it appears (Mantine's passing messages are polite status messages).
    expect(message.closest('[role="status"]')).not.toBeNull();
    act(() => notifications.clean());
  });
});

/** A stand-in for a loaded menu: its button, and its items once opened. */
function FakeMenu({ button }: PopupProps) {
  const { target, opened } = useOpenedOnArrival();
  return (
    <>
      {button({ ref: target, 'aria-expanded': opened })}
      {opened && (
        <ul role="menu">
          <li role="menuitem">Logout</li>
        </ul>
      )}
    </>
  );
}

const button = (opener: Partial<OpenerProps>) => (
  <button type="button" {...opener}>
    Account
  </button>
);

describe('popupOnDemand', () => {
  test('a light button until the first opening, then the loaded menu, open and focused', async () => {
    const load = vi.fn(async () => ({ default: FakeMenu }));
    const Menu = popupOnDemand<object>('menu', load);
    render(<Menu button={button} />);
    const light = screen.getByRole('button', { name: 'Account' });
    expect(light.getAttribute('aria-haspopup')).toBe('menu');
    expect(light.getAttribute('aria-expanded')).toBe('false');
    expect(load).not.toHaveBeenCalled();

    fireEvent.click(light);
    // While the code is on its way, the button says so.
    expect(screen.getByRole('button', { name: 'Account' }).getAttribute('aria-busy')).toBe('true');
    expect(await screen.findByRole('menuitem', { name: 'Logout' })).toBeTruthy();
    const loaded = screen.getByRole('button', { name: 'Account' });
    expect(loaded.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(loaded);
    expect(load).toHaveBeenCalledTimes(1);
  });

  test('the down arrow opens it too; other keys do not', async () => {
    const Menu = popupOnDemand<object>('menu', async () => ({ default: FakeMenu }));
    render(<Menu button={button} />);
    const light = screen.getByRole('button', { name: 'Account' });
    fireEvent.keyDown(light, { key: 'Tab' });
    expect(screen.queryByRole('menu')).toBeNull();
    fireEvent.keyDown(light, { key: 'ArrowDown' });
    expect(await screen.findByRole('menu')).toBeTruthy();
  });

  test('a failed download brings the light button back, and the next opening tries again', async () => {
    const load = vi
      .fn<() => Promise<{ default: typeof FakeMenu }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ default: FakeMenu });
    const Menu = popupOnDemand<object>('menu', load);
    render(<Menu button={button} />);
    fireEvent.click(screen.getByRole('button', { name: 'Account' }));
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    // Back to the light button, which opens again.
    const light = await vi.waitFor(() => {
      const again = screen.getByRole('button', { name: 'Account' });
      expect(again.getAttribute('aria-expanded')).toBe('false');
      expect(again.getAttribute('aria-haspopup')).toBe('menu');
      // Not the stand-in shown while the code was on its way.
      expect(again.getAttribute('aria-busy')).toBeNull();
      return again;
    });
    await act(async () => {});
    fireEvent.click(light);
    expect(await screen.findByRole('menuitem', { name: 'Logout' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('fieldOnDemand', () => {
  type Props = { label: string };
  const RichField = ({ label, arrived }: Props & ArrivalProps) => (
    <p>
      Rich {label} {arrived ? '(opened)' : '(closed)'}
    </p>
  );
  const StandIn = ({ label, onWanted, busy }: Props & StandInProps) => (
    <button type="button" onClick={onWanted} aria-busy={busy}>
      Light {label}
    </button>
  );

  test('a stand-in until opened, then the field, opened; a new one is the field at once', async () => {
    const load = vi.fn(async () => ({ RichField }));
    const Field = fieldOnDemand(moduleOnDemand(load), (m) => m.RichField, StandIn);
    const first = render(<Field label="Sex" />);
    expect(load).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Light Sex' }));
    expect(screen.getByRole('button', { name: 'Light Sex' }).getAttribute('aria-busy')).toBe(
      'true',
    );
    expect(await screen.findByText('Rich Sex (opened)')).toBeTruthy();
    first.unmount();
    render(<Field label="Status" />);
    expect(screen.getByText('Rich Status (closed)')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  test('fetched, not opened, once the person types or presses on the page', async () => {
    const load = vi.fn(async () => ({ RichField }));
    const Field = fieldOnDemand(moduleOnDemand(load), (m) => m.RichField, StandIn);
    render(<Field label="Sex" />);
    expect(load).not.toHaveBeenCalled();
    fireEvent.keyDown(document.body, { key: 'a' });
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    // Still the stand-in: nobody asked for the field yet.
    expect(screen.getByRole('button', { name: 'Light Sex' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Light Sex' }));
    expect(await screen.findByText('Rich Sex (opened)')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  test('a failed download brings the stand-in back, and the next opening tries again', async () => {
    const load = vi
      .fn<() => Promise<{ RichField: typeof RichField }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ RichField });
    const Field = fieldOnDemand(moduleOnDemand(load), (m) => m.RichField, StandIn);
    render(<Field label="Sex" />);
    fireEvent.click(screen.getByRole('button', { name: 'Light Sex' }));
    await vi.waitFor(() =>
      expect(screen.getByRole('button', { name: 'Light Sex' }).getAttribute('aria-busy')).toBe(
        'false',
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Light Sex' }));
    expect(await screen.findByText('Rich Sex (opened)')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
