import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { ImageRef } from '@/domain/form-config';
import { APP_HOST } from './hosts.js';
import { multipartFile, type SignedUpUser } from './owner.js';

// Real images for tests (made by sharp, never hand-written bytes), and their upload through the API.

export type ImageFormat = 'png' | 'jpeg' | 'webp' | 'gif';

/** A `width` x `height` image whose top half is red and bottom half blue, so a turn shows in its pixels. */
export async function imageBytes(format: ImageFormat, width = 800, height = 600): Promise<Buffer> {
  const top = Math.floor(height / 2);
  const half = (h: number, r: number, b: number) =>
    sharp({ create: { width, height: h, channels: 3, background: { r, g: 0, b } } })
      .png()
      .toBuffer();
  const image = sharp({ create: { width, height, channels: 3, background: { r: 0, g: 0, b: 255 } } }).composite([
    { input: await half(top, 255, 0), top: 0, left: 0 },
  ]);
  return image.toFormat(format).toBuffer();
}

/** Uploads `bytes` as `user` to POST /api/images. */
export function postImage(
  app: FastifyInstance,
  user: Pick<SignedUpUser, 'cookie'> | null,
  bytes: Buffer,
  name = 'logo.png',
  type = 'image/png',
) {
  const body = multipartFile(bytes, name, type);
  return app.inject({
    method: 'POST',
    url: '/api/images',
    headers: { host: APP_HOST, ...(user ? { cookie: user.cookie } : {}), ...body.headers },
    payload: body.payload,
  });
}

/** Uploads a real PNG and returns its ImageRef; throws unless the server took it. */
export async function uploadImage(
  app: FastifyInstance,
  user: Pick<SignedUpUser, 'cookie'>,
  width = 800,
  height = 600,
): Promise<ImageRef> {
  const res = await postImage(app, user, await imageBytes('png', width, height));
  if (res.statusCode !== 201) throw new Error(`image upload failed: ${res.statusCode} ${res.body}`);
  return res.json<ImageRef>();
}
