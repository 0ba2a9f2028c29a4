import { beforeEach, describe, expect, it } from 'vitest';
import { SESSION_STORAGE_KEY } from '@/config/constants';
import { SessionAuthStore } from './auth-store';

function token(expSecondsFromNow: number): string {
  const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '');
  const exp = Math.floor(Date.now() / 1000) + expSecondsFromNow;
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ id: 'e1', type: 'auth', collectionId: 'c1', exp })}.sig`;
}

const record = {
  id: 'e1',
  collectionId: 'c1',
  collectionName: 'employees',
  email: 'a@example.org',
  name: 'A',
};

describe('SessionAuthStore', () => {
  beforeEach(() => {
    sessionStorage.clear();
    localStorage.clear();
  });

  it('uses the key authenticated-user-data', () => {
    expect(SESSION_STORAGE_KEY).toBe('authenticated-user-data');
  });

  it('writes { token, record } to sessionStorage on save', () => {
    const store = new SessionAuthStore();
    const t = token(3600);
    store.save(t, record);
    const stored = JSON.parse(sessionStorage.getItem('authenticated-user-data') ?? 'null');
    expect(stored).toEqual({ token: t, record });
    expect(localStorage.length).toBe(0);
  });

  it('restores the session after a reload', () => {
    const t = token(3600);
    new SessionAuthStore().save(t, record);
    const reloaded = new SessionAuthStore();
    expect(reloaded.token).toBe(t);
    expect(reloaded.record).toEqual(record);
    expect(reloaded.isValid).toBe(true);
  });

  it('removes the key on clear (logout)', () => {
    const store = new SessionAuthStore();
    store.save(token(3600), record);
    store.clear();
    expect(sessionStorage.getItem('authenticated-user-data')).toBeNull();
    expect(store.token).toBe('');
    expect(store.record).toBeNull();
  });

  it('drops an expired or corrupt stored session', () => {
    sessionStorage.setItem(
      'authenticated-user-data',
      JSON.stringify({ token: token(-60), record }),
    );
    expect(new SessionAuthStore().token).toBe('');
    expect(sessionStorage.getItem('authenticated-user-data')).toBeNull();

    sessionStorage.setItem('authenticated-user-data', '{not json');
    expect(new SessionAuthStore().token).toBe('');
  });

  it('keeps the session when an answer brings no token or no record', () => {
    const store = new SessionAuthStore();
    const t = token(3600);
    store.save(t, record);
    const seen: string[] = [];
    store.onChange((changed) => seen.push(changed));
    // What the SDK saves from a 200 whose body it could not read.
    store.save(undefined as unknown as string, {} as never);
    store.save('', record);
    store.save(t, null);
    expect(store.token).toBe(t);
    expect(store.record).toEqual(record);
    expect(JSON.parse(sessionStorage.getItem('authenticated-user-data') ?? 'null')).toEqual({
      token: t,
      record,
    });
    expect(seen).toEqual([]);
  });

  it('notifies listeners', () => {
    const store = new SessionAuthStore();
    const seen: string[] = [];
    store.onChange((t) => seen.push(t));
    const t = token(3600);
    store.save(t, record);
    store.clear();
    expect(seen).toEqual([t, '']);
  });
});
