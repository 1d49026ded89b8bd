import type { z } from 'zod';
import { HttpError } from './http-errors.js';

/** Parses `data` with a contract schema; bad input becomes a 400 naming each field. */
export function parseInput<S extends z.ZodType>(schema: S, data: unknown): z.infer<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') || '_';
    errors[key] ??= issue.message;
  }
  const first = Object.entries(errors)[0]!;
  throw new HttpError(400, 'VALIDATION_ERROR', first[0] === '_' ? first[1] : `${first[0]}: ${first[1]}`, errors);
}
