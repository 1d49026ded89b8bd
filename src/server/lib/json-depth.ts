import type { FastifyRequest } from 'fastify';
import { validationError } from './http-errors.js';

/**
 * How deep a request body may nest. The deepest thing Lodestone takes (a page's config) nests
 * fewer than ten levels; thousands of levels are an attack on whatever walks the value recursively
 * (a validator, a logger, a scan: one ran out of stack and answered 500).
 */
export const MAX_BODY_DEPTH = 64;

export const TOO_DEEP_MESSAGE = `This body nests more than ${MAX_BODY_DEPTH} levels deep: send a flatter one.`;

/** True when `value` holds objects or arrays more than `max` levels inside one another (a loop, no recursion). */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: Array<{ item: unknown; depth: number }> = [{ item: value, depth: 0 }];
  while (stack.length > 0) {
    const { item, depth } = stack.pop()!;
    if (item === null || typeof item !== 'object') continue;
    if (depth + 1 > max) return true;
    for (const child of Object.values(item as Record<string, unknown>)) {
      if (child !== null && typeof child === 'object') stack.push({ item: child, depth: depth + 1 });
    }
  }
  return false;
}

/**
 * A preValidation hook for the whole server (every face, /api/v1 included): a parsed body nested
 * too deep is the usual 400, in the error shape of the route's API, before anything else walks it.
 */
export async function refuseDeepBodies(request: FastifyRequest) {
  if (request.body !== null && typeof request.body === 'object' && nestsDeeperThan(request.body, MAX_BODY_DEPTH))
    throw validationError({ _: TOO_DEEP_MESSAGE });
}
