import { Webhook } from 'standardwebhooks';

export const USER_AGENT = 'Lodestone-Webhooks/1';

/**
 * The Standard Webhooks headers of one attempt. `secrets` is the current secret, then the previous
 * one while a rotation's overlap lasts: each signs, space-separated, so a receiver holding either verifies.
 */
export function webhookHeaders(secrets: string[], msgId: string, at: Date, body: string): Record<string, string> {
  return {
    'webhook-id': msgId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': secrets.map((secret) => new Webhook(secret).sign(msgId, at, body)).join(' '),
    'content-type': 'application/json',
    'user-agent': USER_AGENT,
  };
}
