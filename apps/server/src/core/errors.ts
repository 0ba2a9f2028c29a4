import type { FieldError } from './values';

/** An error the API shows as `{data, message, status}`. Anything else becomes a plain 500. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly data: Record<string, FieldError | Record<string, unknown>> = {},
  ) {
    super(message);
  }
}

export const MESSAGES = {
  400: 'Something went wrong while processing your request.',
  401: 'The request requires valid record authorization token.',
  403: 'You are not allowed to perform this request.',
  404: "The requested resource wasn't found.",
  413: 'Request entity too large.',
  429: 'Too Many Requests.',
  500: 'Something went wrong while processing your request.',
  503: 'The database cannot be reached at the moment. Try again shortly.',
  storage:
    'The file storage cannot be reached at the moment: no file was saved or read. Try again shortly; if it lasts, ask the administrator to check the storage settings.',
  507: "The server's disk is full: nothing was saved. Ask the administrator to free space on it, then try again.",
} as const;

export const notFound = () => new ApiError(404, MESSAGES[404]);
export const forbidden = (message: string = MESSAGES[403]) => new ApiError(403, message);
export const unauthorized = () => new ApiError(401, MESSAGES[401]);
export const badRequest = (message: string = MESSAGES[400], data: ApiError['data'] = {}) =>
  new ApiError(400, message, data);

/**
 * Whether `err` is the disk (or the database's disk) being full: an operating system ENOSPC or
 * EDQUOT, or PostgreSQL's disk_full. The API then says so (507) instead of a generic error.
 */
export function isDiskFull(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT' || code === '53100';
}
