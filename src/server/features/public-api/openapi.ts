import { jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { IDEMPOTENCY_KEY_MAX, IDEMPOTENCY_TTL_HOURS, PUBLIC_API_RATE_LIMIT } from '@/domain/public-api';

type Document = Parameters<typeof jsonSchemaTransformObject>[0];
type Operation = {
  parameters?: unknown[];
  responses?: Record<string, { content?: Record<string, unknown> }>;
};

const idempotencyParameter = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description: `Any unique string, e.g. a UUID (at most ${IDEMPOTENCY_KEY_MAX} characters). A retry with the same key within ${IDEMPOTENCY_TTL_HOURS} hours gets the first answer again, with Idempotent-Replayed: true.`,
  schema: { type: 'string', maxLength: IDEMPOTENCY_KEY_MAX },
};

export const V1_DESCRIPTION = [
  'The Lodestone REST API: pages (forms), leads and exports of the workspace an API key belongs to.',
  'Authenticate with `Authorization: Bearer lsk_…` (Settings → Integrations → API keys; Business plan).',
  'Keys have a `read` scope (GET) and/or a `write` scope (POST, PATCH, DELETE).',
  "A key also acts with no more than its creator's role in the workspace now, as the app's own screens allow it (exports and webhooks need an Owner or Admin; pages and erasures an Editor or more): a demoted creator's key loses those rights at once (403), and the key of a creator no longer in the workspace stops working (401).",
  `Lists are \`{ data, nextCursor }\`; pass \`?cursor=\` for the next page. Each key may make ${PUBLIC_API_RATE_LIMIT} requests a minute (RateLimit-* headers).`,
  'Errors are RFC 9457 problem+json.',
].join('\n\n');

/**
 * The zod transform's document, with what route schemas cannot say: the Idempotency-Key header on
 * every POST, and problem+json as the content type of every error answer (and of `default`, any other).
 */
export function v1TransformObject(document: Document) {
  const openapi = jsonSchemaTransformObject(document);
  const paths = (openapi as { paths?: Record<string, Record<string, Operation | undefined>> }).paths ?? {};
  for (const item of Object.values(paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!operation) continue;
      if (method === 'post') operation.parameters = [...(operation.parameters ?? []), idempotencyParameter];
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        const failure = status === 'default' || Number(status) >= 400;
        if (failure && response.content?.['application/json']) {
          response.content = { 'application/problem+json': response.content['application/json'] };
        }
      }
    }
  }
  return openapi;
}
