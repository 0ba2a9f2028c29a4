/** Where the SDK's auth store keeps `{ token, record }` (sessionStorage). */
export const SESSION_STORAGE_KEY = 'authenticated-user-data';

/** Where the chosen interface language is remembered (localStorage). */
export const LANGUAGE_STORAGE_KEY = 'back-office-language';

/** Minimum length of a password the server accepts. */
export const MIN_PASSWORD_LENGTH = 8;

/** Default page size of record lists. */
export const PAGE_SIZE = 30;

/** Batch size used when a full list is fetched (all pages, e.g. roles or a CSV export). */
export const FULL_LIST_BATCH = 500;

/** The organisation's base currency. */
export { BASE_CURRENCY } from '@app/schema/money';

/** The brand shown on the sign-in screens and in the sidebar. */
export const BRAND_NAME = 'Wa3y';
