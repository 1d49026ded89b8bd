import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Encryption at rest for stored credentials: AES-256-GCM under a key derived from SECRET with
 * HKDF, so the database alone (a backup, a leaked dump) does not give the secrets away. The
 * sealed form is `v1.<iv>.<tag>.<ciphertext>` in base64url; the tag makes tampering fail loudly.
 */
export function createSealer(secret: string, purpose: string) {
  const key = Buffer.from(hkdfSync('sha256', secret, 'lodestone', `sealed:${purpose}`, 32));

  return {
    seal(value: unknown): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), body]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open<T>(sealed: string): T {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('not a sealed value');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      const plain = Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]);
      return JSON.parse(plain.toString('utf8')) as T;
    },
  };
}

export type Sealer = ReturnType<typeof createSealer>;
