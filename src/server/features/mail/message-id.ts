import { createHash } from 'node:crypto';

/**
 * A message id (UUID-shaped) that is the same every time for the same parts: an email queued again
 * for the same thing (a job run twice after a crash) then has the id of the first, and the delivery
 * record (email_deliveries) keeps it from being sent twice.
 */
export function stableMessageId(...parts: string[]): string {
  const hex = createHash('sha256').update(parts.join('\u0000')).digest('hex');
  // Version 8 (custom) and the RFC 9562 variant, so it reads as a well-formed UUID.
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
