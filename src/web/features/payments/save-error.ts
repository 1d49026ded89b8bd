import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { toast } from '@/web/lib/toast';
import { ErrorCode } from '@/domain/api-errors';
import { ApiError } from '@/web/lib/api';

/** Codes whose `errors` name the body's fields (see src/domain/payments.ts). */
const FIELD_ERROR_CODES: ReadonlySet<string> = new Set([ErrorCode.VALIDATION_ERROR, ErrorCode.PROVIDER_REJECTED]);

/**
 * Shows why saving credentials failed. VALIDATION_ERROR and PROVIDER_REJECTED: each named field gets
 * its message (the first one focused) and the returned text goes above the form: the server's
 * message, unless the fields already say it (a VALIDATION_ERROR's message only sums them up, and a
 * rejection's usually repeats its field's). Anything else (PROVIDER_UNAVAILABLE, a network failure,
 * …) becomes an error toast and null is returned.
 */
export function showSaveError<T extends FieldValues>(
  error: Error,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): string | null {
  if (!(error instanceof ApiError) || !FIELD_ERROR_CODES.has(error.code)) {
    toast.error(error.message);
    return null;
  }
  const shown = new Set<string>();
  const elsewhere: string[] = [];
  for (const [key, message] of Object.entries(error.errors)) {
    const field = fields.find((f) => f === key);
    if (!field) {
      elsewhere.push(message);
      continue;
    }
    setError(field, { type: 'server', message }, { shouldFocus: shown.size === 0 });
    shown.add(message);
  }
  if (shown.size === 0) return error.message;
  if (elsewhere.length > 0) return elsewhere.join(' ');
  if (error.code === ErrorCode.PROVIDER_REJECTED && !shown.has(error.message)) return error.message;
  return null;
}
