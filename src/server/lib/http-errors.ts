import { ErrorCode } from '@/domain/api-errors';

/** An error the API reports as `{ code, message, errors? }` with `statusCode` (the body: ApiErrorBody). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const notFound = (what = 'This item') => new HttpError(404, ErrorCode.NOT_FOUND, `${what} was not found.`);

export const conflict = (message: string) => new HttpError(409, ErrorCode.CONFLICT, message);

/** 403: the caller's role in the workspace does not allow it (features/team). */
export const forbiddenRole = (message: string) => new HttpError(403, ErrorCode.FORBIDDEN_ROLE, message);

export const unauthorized = () => new HttpError(401, ErrorCode.UNAUTHORIZED, 'Sign in to continue.');

/** A 400 naming each bad field (`{ 'fields.1.label': message }`, `_` for the value as a whole). */
export function validationError(errors: Record<string, string>) {
  const [key, message] = Object.entries(errors)[0]!;
  return new HttpError(400, ErrorCode.VALIDATION_ERROR, key === '_' ? message : `${key}: ${message}`, errors);
}

/** One message per field, the first issue winning, keyed by its dotted path (`_` for the value as a whole). */
export function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[issue.path.map(String).join('.') || '_'] ??= issue.message;
  return errors;
}
