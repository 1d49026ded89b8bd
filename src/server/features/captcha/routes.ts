import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { captchaParamsSchema, saveCaptchaKeysSchema } from '@/domain/captcha-api';
import type { CaptchaDeps } from './deps.js';
import { captchaSettings, removeCaptchaKeys, saveCaptchaKeys } from './keys.js';

const tags = ['captcha'];

/** A workspace's captcha keys, per provider (contract: src/domain/captcha-api.ts). */
export function captchaRoutes(app: FastifyInstance, { captcha: deps }: { captcha: CaptchaDeps }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/captcha', { schema: { tags } }, (request) => captchaSettings(deps, request.owner.workspaceId));

  api.put(
    '/api/captcha/:provider',
    { schema: { tags, params: captchaParamsSchema, body: saveCaptchaKeysSchema } },
    async (request) => {
      await saveCaptchaKeys(deps, request.owner.workspaceId, request.params.provider, request.body);
      return captchaSettings(deps, request.owner.workspaceId);
    },
  );

  api.delete('/api/captcha/:provider', { schema: { tags, params: captchaParamsSchema } }, async (request) => {
    await removeCaptchaKeys(deps, request.owner.workspaceId, request.params.provider);
    return captchaSettings(deps, request.owner.workspaceId);
  });
}
