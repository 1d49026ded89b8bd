import type { FastifyRequest } from 'fastify';
import { validationError } from './http-errors.js';

// PostgreSQL cannot store U+0000 in text or jsonb: a NUL that reached a query failed there with a
// 500. No owner input has a use for it, so it is refused up front with the usual 400 body.

export const NUL_MESSAGE = 'Remove the invisible NUL character (\\0) from this text.';

/** The path (`config.fields.0.label`) of the first string holding a NUL, or null. Keys count too. */
export function findNul(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') return value.includes('\0') ? path.join('.') || '_' : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    if (key.includes('\0')) return [...path, '_'].join('.');
    const found = findNul(item, [...path, key]);
    if (found !== null) return found;
  }
  return null;
}

/** A preValidation hook: a NUL anywhere in the path's parameters, the query or a JSON body is a 400. */
export async function refuseNulBytes(request: FastifyRequest) {
  for (const part of [request.params, request.query, request.body]) {
    const path = findNul(part);
    if (path === null) continue;
    throw validationError({ [path]: NUL_MESSAGE });
  }
}
