/**
 * The owner API's one error vocabulary. Every error body is `{ code, message, errors? }`; the server
 * raises only these codes and the web client compares only against them.
 */
export const ErrorCode = {
  /** 400: the request does not match its contract; `errors` names each field. */
  VALIDATION_ERROR: 'VALIDATION_ERROR',
  /** 400: the page cannot go live as it is; `errors` says what to fix. */
  NOT_PUBLISHABLE: 'NOT_PUBLISHABLE',
  /** 400: an upload that is not multipart/form-data. */
  EXPECTED_MULTIPART: 'EXPECTED_MULTIPART',
  /** 400: a multipart upload without a file. */
  NO_FILE: 'NO_FILE',
  /** 400: anything else the client got wrong (e.g. a body that is not JSON). */
  BAD_REQUEST: 'BAD_REQUEST',
  /** 401: no session. */
  UNAUTHORIZED: 'UNAUTHORIZED',
  /** 403: a write from another origin. */
  FORBIDDEN_ORIGIN: 'FORBIDDEN_ORIGIN',
  /** 403: the caller's role in the workspace does not allow it. */
  FORBIDDEN_ROLE: 'FORBIDDEN_ROLE',
  /** 403: the workspace's plan does not allow it. */
  PLAN_LIMIT: 'PLAN_LIMIT',
  /** 404: no such object in the caller's workspace (or no such route). */
  NOT_FOUND: 'NOT_FOUND',
  /** 409: the request conflicts with the state (already a member, the last owner). */
  CONFLICT: 'CONFLICT',
  /** 413: the upload is over the size limit. */
  FILE_TOO_LARGE: 'FILE_TOO_LARGE',
  /** 415: the lead-magnet upload is not a kind we accept, is empty, or is not what its name's extension says. */
  UNSUPPORTED_FILE: 'UNSUPPORTED_FILE',
  /** 415: the upload is not a PNG, JPEG or WebP image (by its bytes, whatever its name). */
  NOT_AN_IMAGE: 'NOT_AN_IMAGE',
  /** 422: an image that cannot be decoded, or has more pixels than allowed. */
  UNREADABLE_IMAGE: 'UNREADABLE_IMAGE',
  /** 422: a payment provider refused the credentials; `errors` says which field. */
  PROVIDER_REJECTED: 'PROVIDER_REJECTED',
  /** 429: too many requests; Retry-After says when to try again. */
  RATE_LIMITED: 'RATE_LIMITED',
  /** 500: our fault; the message says nothing more. */
  INTERNAL_ERROR: 'INTERNAL_ERROR',
  /** 502: a payment provider could not be reached. */
  PROVIDER_UNAVAILABLE: 'PROVIDER_UNAVAILABLE',
  /** 503: the database is away for a moment (restarting, unreachable); nothing was changed; Retry-After says when to try again. */
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  /** 503: the file store (S3 or the disk) did not answer; nothing was saved; Retry-After says when to try again. */
  STORAGE_UNAVAILABLE: 'STORAGE_UNAVAILABLE',
  /** 507: the server's disk is full; nothing was saved. */
  STORAGE_FULL: 'STORAGE_FULL',
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Codes the web client gives failures that never reached the API's error handler. */
export const ClientErrorCode = {
  /** The request never got an answer. */
  NETWORK: 'NETWORK',
  /** An answer without an error body (e.g. a proxy's 502 page). */
  UNEXPECTED_RESPONSE: 'UNEXPECTED_RESPONSE',
} as const;

export type ClientErrorCode = (typeof ClientErrorCode)[keyof typeof ClientErrorCode];

/** The body of every owner-API error. */
export interface ApiErrorBody {
  code: ErrorCode;
  message: string;
  errors?: Record<string, string>;
}

export const INTERNAL_ERROR_MESSAGE = 'Something went wrong on our side. Please try again.';

export const SERVICE_UNAVAILABLE_MESSAGE =
  'Lodestone is temporarily unavailable. Your work is safe; please try again in a moment.';
/** Seconds an owner or visitor is asked to wait (Retry-After) while the file store does not answer. */
export const STORAGE_RETRY_AFTER_SECONDS = 30;

export const storageMessages = {
  writeUnavailable:
    'Your file was not saved: the file storage is not answering right now. Nothing was kept. Please try again in a minute.',
  readUnavailable: 'This file cannot be fetched right now: the file storage is not answering. Please try again in a minute.',
  full: "Your file was not saved: the server's disk is full. Nothing was kept. Whoever runs this Lodestone server needs to free some space; then try again.",
};
