import { createHmac, timingSafeEqual } from 'node:crypto';
import { EventWebhook } from '@sendgrid/eventwebhook';

/** The headers SendGrid signs its Event Webhook's requests with (EventWebhookHeader, lower-cased as Node reads them). */
export const SENDGRID_SIGNATURE = 'x-twilio-email-event-webhook-signature';
export const SENDGRID_TIMESTAMP = 'x-twilio-email-event-webhook-timestamp';

/**
 * Checks a SendGrid Event Webhook request with SendGrid's own helper: an ECDSA (P-256, SHA-256)
 * signature of the timestamp followed by the raw body, under the account's verification key.
 */
export function sendgridVerifier(publicKey: string) {
  const webhook = new EventWebhook();
  const key = webhook.convertPublicKeyToECDSA(publicKey);
  return (rawBody: Buffer, signature: string | undefined, timestamp: string | undefined): boolean => {
    if (!signature || !timestamp) return false;
    try {
      return webhook.verifySignature(key, rawBody, signature, timestamp);
    } catch {
      // A signature that is not base64 DER at all.
      return false;
    }
  };
}

/**
 * Checks a Mailgun webhook's signature as Mailgun documents it: the hex HMAC-SHA256 of the timestamp
 * followed by the token, under the webhook signing key. A subaccount's event carries the primary
 * account's as `parent-signature` too: either may match.
 */
export function mailgunSignatureValid(signingKey: string, signature: unknown): boolean {
  if (signature === null || typeof signature !== 'object') return false;
  const s = signature as Record<string, unknown>;
  const timestamp = typeof s.timestamp === 'number' ? String(s.timestamp) : s.timestamp;
  if (typeof timestamp !== 'string' || typeof s.token !== 'string') return false;
  const expected = createHmac('sha256', signingKey)
    .update(timestamp + s.token)
    .digest();
  return [s.signature, s['parent-signature']].some((given) => {
    if (typeof given !== 'string' || !/^[0-9a-f]{64}$/i.test(given)) return false;
    return timingSafeEqual(Buffer.from(given, 'hex'), expected);
  });
}
