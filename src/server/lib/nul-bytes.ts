import type { FastifyRequest } from 'fastify';
import { validationError } from './http-errors.js';

// PostgreSQL cannot store U+0000 in text or jsonb: a NUL that reached a query failed there with a
// 500. No owner input has a use for it, so it is refused up front with the usual 400 body.

export const NUL_MESSAGE = 'Remove the invisible NUL character (\\0) from this text.';

/**
 * The path (`config.fields.0.label`) of the first string holding a NUL, or null. Keys count too.
 * A loop over its own stack, not recursion: a value nested thousands of levels deep cannot
 * exhaust the call stack here (request bodies are depth-checked before it runs too: json-depth.ts).
 */
export function findNul(value: unknown): string | null {
  // Each entry knows its parent, so the path is built only for the one string found.
  type Entry = { item: unknown; key: string | null; parent: Entry | null };
  const pathOf = (entry: Entry) => {
    const path: string[] = [];
    for (let e: Entry | null = entry; e?.key != null; e = e.parent) path.push(e.key);
    return path.reverse().join('.') || '_';
  };
  const stack: Entry[] = [{ item: value, key: null, parent: null }];
  while (stack.length > 0) {
    const entry = stack.pop()!;
    const { item } = entry;
    if (typeof item === 'string') {
      if (item.includes('\0')) return pathOf(entry);
      continue;
    }
    if (item === null || typeof item !== 'object') continue;
    const entries = Object.entries(item as Record<string, unknown>);
    const nulKey = entries.findIndex(([key]) => key.includes('\0'));
    // Depth first and in order: the children are pushed last-first; a NUL key ends the object's turn.
    if (nulKey !== -1) stack.push({ item: '\0', key: '_', parent: entry });
    for (let i = (nulKey === -1 ? entries.length : nulKey) - 1; i >= 0; i--)
      stack.push({ item: entries[i]![1], key: entries[i]![0], parent: entry });
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
