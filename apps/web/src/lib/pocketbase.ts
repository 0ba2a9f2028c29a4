import PocketBase from 'pocketbase';
import { SessionAuthStore } from './auth-store';

function baseUrl(): string {
  const configured = import.meta.env.VITE_API_URL;
  if (typeof configured === 'string' && configured) return configured;
  return typeof window === 'undefined' ? 'http://localhost' : window.location.origin;
}

/**
 * The one PocketBase client of the app. Components reach it only through hooks in `lib` and
 * `features/<area>/api`. The SDK sends `Authorization` and `Accept-Language` (`pb.lang`) on
 * every call.
 */
export const pb = new PocketBase(baseUrl(), new SessionAuthStore());

// TanStack Query owns deduplication and cancellation; the SDK's own auto-cancellation would
// abort parallel list requests of the same collection.
pb.autoCancellation(false);
