import type { FormConfig } from './form-config';

// What a visitor sees once their sign-up is confirmed: Lodestone's thank-you page (with the owner's
// heading), or the owner's own page at an https address (docs/decisions/0050).

/** docs/product.md#thank-you-and-download-page: the thank-you page's title, kept while the owner sets no heading of their own. */
export const DEFAULT_THANK_YOU_HEADING = 'Thank You!';
export const REDIRECT_URL_MAX_LENGTH = 2000;

export const afterSubmitMessages = {
  redirectUrlRequired: 'Enter the address to send visitors to (https://…)',
  redirectUrlInvalid: 'Enter a full web address that starts with https://, like https://example.com/welcome',
  redirectUrlHttps: 'The address must start with https://',
  redirectUrlCredentials: 'The address cannot contain a user name or password',
  redirectUrlTooLong: `The address can be at most ${REDIRECT_URL_MAX_LENGTH} characters`,
} as const;

/** The heading of the visitor's thank-you page(s): the owner's, or the default 'Thank You!' (docs/product.md#thank-you-and-download-page). */
export function thankYouHeading(config: Pick<FormConfig, 'thankyouHeading'>): string {
  return (config.thankyouHeading ?? '').trim() || DEFAULT_THANK_YOU_HEADING;
}

// A host name of letters, digits and hyphens in dot-separated labels, ending in a top-level domain
// of letters (or an IDN's xn--): no bare name, no IP address, no trailing dot.
const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const DOMAIN = new RegExp(`^(?:${LABEL}\\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$`);

/** Why `value` is not an address visitors may be sent to, or undefined when it is one. */
export function redirectAddressError(value: string): string | undefined {
  if (value.length > REDIRECT_URL_MAX_LENGTH) return afterSubmitMessages.redirectUrlTooLong;
  // Spaces and control characters would be dropped or escaped by the URL parser: the address the
  // owner sees must be the address visitors get.
  // eslint-disable-next-line no-control-regex
  if (/[\s\u0000-\u001f\u007f\\]/.test(value)) return afterSubmitMessages.redirectUrlInvalid;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return afterSubmitMessages.redirectUrlInvalid;
  }
  if (url.protocol === 'http:') return afterSubmitMessages.redirectUrlHttps;
  if (url.protocol !== 'https:' || !/^https:\/\//i.test(value)) return afterSubmitMessages.redirectUrlInvalid;
  if (url.username !== '' || url.password !== '' || value.slice(8).split(/[/?#]/, 1)[0]!.includes('@'))
    return afterSubmitMessages.redirectUrlCredentials;
  if (!DOMAIN.test(url.hostname)) return afterSubmitMessages.redirectUrlInvalid;
  if (url.href.length > REDIRECT_URL_MAX_LENGTH) return afterSubmitMessages.redirectUrlTooLong;
  return undefined;
}

/**
 * The address is required while visitors are to be sent to it; while they see the thank-you page it
 * is not used (and not checked: the editor hides it but keeps what was typed).
 */
export function redirectUrlError(config: Pick<FormConfig, 'afterSubmit' | 'redirectUrl'>): string | undefined {
  if (config.afterSubmit !== 'redirect') return undefined;
  const url = (config.redirectUrl ?? '').trim();
  if (url === '') return afterSubmitMessages.redirectUrlRequired;
  return redirectAddressError(url);
}

/**
 * Where a confirmed visitor is sent instead of the thank-you page: the owner's checked address,
 * serialised by the URL parser, or undefined (the thank-you page). Nothing from a request ever
 * takes part: this is the only address Lodestone redirects visitors to.
 */
export function afterSubmitRedirect(config: Pick<FormConfig, 'afterSubmit' | 'redirectUrl'>): string | undefined {
  if (config.afterSubmit !== 'redirect' || redirectUrlError(config) !== undefined) return undefined;
  return new URL(config.redirectUrl.trim()).href;
}
