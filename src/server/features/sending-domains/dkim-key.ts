import { generateKeyPairSync, randomBytes } from 'node:crypto';

export interface DkimKeyPair {
  selector: string;
  /** Base64 of the DER SubjectPublicKeyInfo: the DKIM record's `p=`. */
  publicKey: string;
  /** PKCS#8 PEM, as nodemailer's `dkim.privateKey` takes it. */
  privateKey: string;
}

/**
 * A new RSA 2048 key and a selector of its own (`lodestone-{8 hex}`). 2048 bits is what receivers
 * expect today (1024 is refused by some) and its public key still fits a DNS provider's TXT field.
 */
export function newDkimKey(): DkimKeyPair {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'der' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return {
    selector: `lodestone-${randomBytes(4).toString('hex')}`,
    publicKey: publicKey.toString('base64'),
    privateKey,
  };
}
