import { BaseAuthStore, type AuthRecord } from 'pocketbase';
import { SESSION_STORAGE_KEY } from '@/config/constants';

type StoredSession = { token: string; record: AuthRecord };

function defaultStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    // Storage can be disabled by the browser's privacy settings; the session then lives in memory.
    return undefined;
  }
}

function readStored(storage: Storage | undefined, key: string): StoredSession | null {
  const raw = storage?.getItem(key);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (
      parsed &&
      typeof parsed === 'object' &&
      'token' in parsed &&
      typeof parsed.token === 'string' &&
      'record' in parsed
    ) {
      return { token: parsed.token, record: (parsed.record ?? null) as AuthRecord };
    }
  } catch {
    // A corrupt entry is treated as no session.
  }
  return null;
}

/**
 * The SDK's auth store, persisted in sessionStorage under `authenticated-user-data` as
 * `{ token, record }`: the session survives a reload of the tab and ends with it.
 */
export class SessionAuthStore extends BaseAuthStore {
  private readonly storageKey: string;
  private readonly storage: Storage | undefined;

  constructor(
    storageKey: string = SESSION_STORAGE_KEY,
    storage: Storage | undefined = defaultStorage(),
  ) {
    super();
    this.storageKey = storageKey;
    this.storage = storage;
    const stored = readStored(this.storage, this.storageKey);
    if (stored) {
      this.baseToken = stored.token;
      this.baseModel = stored.record;
      if (!this.isValid) this.clear();
    }
  }

  override save(token: string, record?: AuthRecord): void {
    // The SDK saves whatever an auth answer held. A 200 whose body could not be read (cut off
    // by a busy server or a dropped line) reaches here as no token and an empty record: that is
    // no session, and it must not end the one this tab holds. Signing out goes through clear().
    if (!token || !record?.id) return;
    super.save(token, record);
    try {
      this.storage?.setItem(
        this.storageKey,
        JSON.stringify({ token: this.token, record: this.record } satisfies StoredSession),
      );
    } catch {
      // Quota or privacy errors: keep the in-memory session.
    }
  }

  override clear(): void {
    super.clear();
    try {
      this.storage?.removeItem(this.storageKey);
    } catch {
      // Nothing to remove.
    }
  }
}
