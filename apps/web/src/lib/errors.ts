import { ClientResponseError } from 'pocketbase';

/** The client's message when the server gave none (spec §8). */
export const GENERIC_ERROR_MESSAGE = 'Something went wrong while processing your request.';
/** How an aborted request is reported (spec §8). */
export const AUTO_CANCELLED_MESSAGE = 'The request was auto-cancelled.';

export type AppError = {
  /** HTTP status; 0 for a network failure or an aborted request. */
  status: number;
  message: string;
  /** Server validation messages by field name (`data.<field>.message`). */
  fieldErrors: Record<string, string>;
  isAbort: boolean;
};

function fieldErrorsOf(data: unknown): Record<string, string> {
  const result: Record<string, string> = {};
  if (!data || typeof data !== 'object') return result;
  for (const [field, value] of Object.entries(data)) {
    if (value && typeof value === 'object' && 'message' in value) {
      const message = (value as { message: unknown }).message;
      if (typeof message === 'string' && message) result[field] = message;
    }
  }
  return result;
}

/** Normalises anything thrown by the SDK (or elsewhere) into one shape. */
export function toAppError(error: unknown): AppError {
  if (error instanceof ClientResponseError) {
    if (error.isAbort) {
      return { status: 0, message: AUTO_CANCELLED_MESSAGE, fieldErrors: {}, isAbort: true };
    }
    const body = error.response as { message?: unknown; data?: unknown };
    const serverMessage = typeof body?.message === 'string' ? body.message : '';
    return {
      status: error.status || 0,
      message: serverMessage || GENERIC_ERROR_MESSAGE,
      fieldErrors: fieldErrorsOf(body?.data),
      isAbort: false,
    };
  }
  if (error instanceof Error && error.message) {
    return { status: 500, message: error.message, fieldErrors: {}, isAbort: false };
  }
  return { status: 500, message: GENERIC_ERROR_MESSAGE, fieldErrors: {}, isAbort: false };
}

/** The HTTP status of an SDK error, or undefined. */
export function errorStatus(error: unknown): number | undefined {
  return error instanceof ClientResponseError ? error.status : undefined;
}
