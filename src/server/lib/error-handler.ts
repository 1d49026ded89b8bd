import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  type ApiErrorBody,
  ErrorCode,
  INTERNAL_ERROR_MESSAGE,
  SERVICE_UNAVAILABLE_MESSAGE,
  STORAGE_RETRY_AFTER_SECONDS,
  storageMessages,
} from '@/domain/api-errors';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from './database-unavailable.js';
import { fieldErrors, HttpError, validationError } from './http-errors.js';
import { StorageFull, StorageUnavailable } from './storage.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route whose body wraps one object keys its validation errors inside it (forms: 'config', as the editor shows them). */
    errorKeysUnder?: string;
  }
}

/** A route schema's failed validation as the API's 400: one message per field, keyed by its dotted path. */
function fromSchemaValidation(error: FastifyError, request: FastifyRequest): HttpError | null {
  if (!hasZodFastifySchemaValidationErrors(error)) return null;
  const under = error.validationContext === 'body' ? request.routeOptions.config.errorKeysUnder : undefined;
  const issues = error.validation.map(({ instancePath, message }) => {
    const path = instancePath.split('/').filter(Boolean);
    return { path: under && path[0] === under ? path.slice(1) : path, message: message ?? 'Invalid input' };
  });
  return validationError(fieldErrors(issues));
}

/**
 * Every error becomes `{ code, message, errors? }` (ApiErrorBody) with a code from ErrorCode. Our own
 * HttpErrors say what went wrong even at 5xx (e.g. 502 PROVIDER_UNAVAILABLE); the database away for a
 * moment is 503 SERVICE_UNAVAILABLE with Retry-After (a wait, not a fault: docs/decisions/0067); any
 * other 5xx is logged and hidden; Fastify's own 4xx (a body that is not JSON, too large, an unknown content type) are
 * BAD_REQUEST with Fastify's message and status.
 */
export function apiErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  // The file store's failures say what happened and that nothing was saved (decision 0068).
  if (error instanceof StorageUnavailable) {
    request.log.warn({ err: error.cause }, error.message);
    const message = error.operation === 'write' ? storageMessages.writeUnavailable : storageMessages.readUnavailable;
    return reply
      .status(503)
      .header('retry-after', String(STORAGE_RETRY_AFTER_SECONDS))
      .send({ code: ErrorCode.STORAGE_UNAVAILABLE, message } satisfies ApiErrorBody);
  }
  if (error instanceof StorageFull) {
    request.log.error({ err: error.cause }, error.message);
    return reply.status(507).send({ code: ErrorCode.STORAGE_FULL, message: storageMessages.full } satisfies ApiErrorBody);
  }
  const known = error instanceof HttpError ? error : fromSchemaValidation(error, request);
  if (known) {
    const { code, message, errors } = known;
    const body: ApiErrorBody = errors ? { code, message, errors } : { code, message };
    return reply.status(known.statusCode).send(body);
  }
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, 'the database is unavailable');
    return reply
      .status(503)
      .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
      .send({ code: ErrorCode.SERVICE_UNAVAILABLE, message: SERVICE_UNAVAILABLE_MESSAGE } satisfies ApiErrorBody);
  }
  const status = error.statusCode ?? 500;
  if (status >= 500) {
    request.log.error(error);
    return reply.status(status).send({ code: ErrorCode.INTERNAL_ERROR, message: INTERNAL_ERROR_MESSAGE } satisfies ApiErrorBody);
  }
  return reply.status(status).send({ code: ErrorCode.BAD_REQUEST, message: error.message } satisfies ApiErrorBody);
}
