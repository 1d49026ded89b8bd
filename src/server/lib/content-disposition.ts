// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/g;
/** A lone surrogate (possible in a name typed into JSON) cannot be percent-encoded. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * `attachment` with a file name any browser reads safely: an ASCII fallback (quotes, backslashes
 * and non-ASCII characters replaced) and the exact name in RFC 8187 `filename*`.
 */
export function attachmentDisposition(filename: string): string {
  const plain = filename.replace(CONTROL, '').replace(LONE_SURROGATE, '\ufffd');
  const fallback = plain.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(plain).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
