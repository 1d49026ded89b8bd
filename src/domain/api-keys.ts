import { z } from 'zod';
import { PLANS } from './plans';

/**
 * API keys for the public REST API (/api/v1, see public-api.ts), owner API (session required,
 * workspace-scoped; 404 for another workspace's key):
 *
 *   GET    /api/api-keys                      -> ApiKeyList   (never the key itself)
 *   POST   /api/api-keys   body CreateApiKeyBody -> CreatedApiKey (201; the full key, this once)
 *   DELETE /api/api-keys/:id                  -> ApiKeySummary (revoked: the key stops working at once)
 *
 * Errors: VALIDATION_ERROR (400), PLAN_LIMIT (403: only the Business plan gets API access), NOT_FOUND (404).
 */

export const API_KEY_SCOPES = ['read', 'write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** `lsk_` and 40 random base62 characters. */
export const API_KEY_PATTERN = /^lsk_[0-9A-Za-z]{40}$/;
/** How many of the key's first characters are kept to tell keys apart (`lsk_3fA9xY2q`). */
export const API_KEY_PREFIX_LENGTH = 12;

export const createApiKeyBodySchema = z.strictObject({
  name: z.string().trim().min(1, 'Give the key a name').max(100, 'Use at most 100 characters'),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, { error: 'Choose read or write' }))
    .min(1, 'Choose at least one scope')
    .transform((scopes) => API_KEY_SCOPES.filter((s) => scopes.includes(s))),
});
export type CreateApiKeyBody = z.input<typeof createApiKeyBodySchema>;

export interface ApiKeySummary {
  id: string;
  name: string;
  /** The key's first 12 characters. */
  prefix: string;
  scopes: ApiKeyScope[];
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

export interface ApiKeyList {
  /** Whether the workspace's plan includes API access (Business). */
  allowed: boolean;
  /** The sentence shown when it does not. */
  planSentence: string;
  items: ApiKeySummary[];
}

export interface CreatedApiKey extends ApiKeySummary {
  /** The full key: shown once, never stored in plain text. */
  key: string;
}

const businessTitle = Object.values(PLANS).find((p) => p.apiAccess)?.title ?? 'Business';
export const API_ACCESS_PLAN_MESSAGE = `API access comes with the ${businessTitle} plan. Upgrade to ${businessTitle} to create API keys.`;
