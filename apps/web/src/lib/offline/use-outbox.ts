import { useEffect, useState } from 'react';
import { useAccount } from '../session';
import type { OutboxItem } from './outbox';
import { outbox } from './outbox-runtime';

export type OutboxView = {
  /** The signed-in account's changes, oldest first; null while they are read. */
  items: OutboxItem[] | null;
  /** Changes not refused: waiting or being sent. */
  waiting: number;
  refused: number;
  /** Bytes of the changes not yet sent (refused ones included: they are still to send). */
  bytes: number;
};

/** The signed-in account's outbox, kept current as it changes. */
export function useOutbox(): OutboxView {
  const account = useAccount();
  const key = account ? `${account.collection}:${account.id}` : null;
  const [items, setItems] = useState<OutboxItem[] | null>(null);
  useEffect(() => {
    if (!key) {
      setItems([]);
      return;
    }
    let live = true;
    const load = () =>
      void outbox
        .list(key)
        .then((list) => {
          // A change left 'sending' by a closed tab waits until a run takes it again.
          const running = outbox.running(key);
          if (live)
            setItems(
              list.map((item) =>
                item.state === 'sending' && !running ? { ...item, state: 'waiting' } : item,
              ),
            );
        })
        .catch(() => live && setItems([]));
    load();
    const stop = outbox.subscribe(load);
    return () => {
      live = false;
      stop();
    };
  }, [key]);
  const list = items ?? [];
  return {
    items,
    waiting: list.filter((item) => item.state !== 'refused').length,
    refused: list.filter((item) => item.state === 'refused').length,
    bytes: list.reduce((sum, item) => sum + item.bytes, 0),
  };
}
