import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/** Why a request's signature was refused, as S3 names it. */
export interface SignatureProblem {
  status: 400 | 403;
  code: string;
  message: string;
}

const AUTHORIZATION =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/;

export const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding, as SigV4 wants for query names and values. */
const uriEncode = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const decode = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

function canonicalQuery(rawQuery: string): string {
  return rawQuery
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf('=');
      const [name, value] = at === -1 ? [pair, ''] : [pair.slice(0, at), pair.slice(at + 1)];
      return [uriEncode(decode(name)), uriEncode(decode(value))] as const;
    })
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : x > y ? 1 : 0) : a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

/**
 * Checks an `Authorization: AWS4-HMAC-SHA256 …` header (Signature Version 4, header form, as the
 * AWS SDK signs S3 requests) against the secret of its access key. The path is signed as sent
 * (S3 does not normalise it), the payload by its `x-amz-content-sha256`, which the caller checks
 * against the body it receives. Returns the problem, or null when the signature is right.
 */
export function checkSignature(
  method: string,
  rawUrl: string,
  headers: IncomingHttpHeaders,
  secretOf: (accessKeyId: string) => string | undefined,
  now = new Date(),
): SignatureProblem | null {
  const authorization = headers.authorization;
  if (!authorization) return { status: 403, code: 'AccessDenied', message: 'Access Denied (the request is not signed).' };
  const match = AUTHORIZATION.exec(authorization);
  if (!match) {
    return { status: 400, code: 'AuthorizationHeaderMalformed', message: 'The authorization header is malformed.' };
  }
  const [, accessKeyId, day, region, service, signedHeaders, signature] = match as unknown as string[];
  const secret = secretOf(accessKeyId!);
  if (secret === undefined) {
    return {
      status: 403,
      code: 'InvalidAccessKeyId',
      message: 'The AWS Access Key Id you provided does not exist in our records.',
    };
  }
  const amzDate = headers['x-amz-date'];
  const payloadHash = headers['x-amz-content-sha256'];
  if (typeof amzDate !== 'string' || !/^\d{8}T\d{6}Z$/.test(amzDate) || amzDate.slice(0, 8) !== day) {
    return { status: 403, code: 'AccessDenied', message: 'x-amz-date is missing or does not match the credential scope.' };
  }
  if (typeof payloadHash !== 'string') {
    return { status: 400, code: 'InvalidRequest', message: 'Missing required header for this request: x-amz-content-sha256' };
  }
  const signedAt = Date.parse(amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'));
  if (Math.abs(now.getTime() - signedAt) > 15 * 60_000) {
    return {
      status: 403,
      code: 'RequestTimeTooSkewed',
      message: 'The difference between the request time and the current time is too large.',
    };
  }
  const names = signedHeaders!.split(';');
  if (!names.includes('host')) return { status: 403, code: 'AccessDenied', message: 'The host header must be signed.' };
  const query = rawUrl.indexOf('?');
  const canonicalRequest = [
    method,
    query === -1 ? rawUrl : rawUrl.slice(0, query),
    canonicalQuery(query === -1 ? '' : rawUrl.slice(query + 1)),
    ...names.map((name) => {
      const value = headers[name];
      return `${name}:${(Array.isArray(value) ? value.join(',') : (value ?? '')).trim().replace(/\s+/g, ' ')}`;
    }),
    '',
    signedHeaders,
    payloadHash,
  ].join('\n');
  const scope = `${day}/${region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, day!), region!), service!), 'aws4_request');
  const expected = hmac(key, stringToSign);
  if (!timingSafeEqual(expected, Buffer.from(signature!, 'hex'))) {
    return {
      status: 403,
      code: 'SignatureDoesNotMatch',
      message:
        'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
    };
  }
  return null;
}
