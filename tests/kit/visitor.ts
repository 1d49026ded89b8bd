import { signRenderTime } from '@/server/lib/fill-time';

/** A real browser's user agent: its page views count. */
export const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36';

/** Hands out distinct client addresses under `prefix` (e.g. '10.1'), so a test meets only the rate limits it is about. */
export function addressPool(prefix: string) {
  let n = 0;
  return () => {
    n += 1;
    return `${prefix}.${Math.floor(n / 250)}.${(n % 250) + 1}`;
  };
}

/** The hidden fields of a page a person filled in for 3 seconds (signed render time, empty honeypot). */
export function patientVisitorFields(secret: string): Record<string, string> {
  return { ls_t: signRenderTime(secret, Date.now() - 3000), ls_hp: '' };
}
