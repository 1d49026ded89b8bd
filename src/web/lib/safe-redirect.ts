const FALLBACK = '/dashboard';

/**
 * The post-sign-in target from a `redirect` query value: only a same-site path is accepted, so a
 * crafted link cannot send the user to another site ("//evil.com", "/\evil.com", "https://...").
 */
export function safeRedirectPath(value: string | null, fallback = FALLBACK): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return fallback;
  }
  try {
    const url = new URL(value, window.location.origin);
    if (url.origin !== window.location.origin) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}

/** The sign-in page that comes back to `returnTo` (a path with its query) afterwards. */
export function signInPathFor(returnTo: string): string {
  return `/sign-in?redirect=${encodeURIComponent(returnTo)}`;
}
