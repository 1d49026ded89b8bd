// A placement's URL targeting (domain/placements.ts), kept free of imports so that the loader
// script (src/placement-loader) bundles these few lines and nothing else.

/**
 * Whether `url` (the host page's whole address) matches `pattern`: a pattern starting with `/` is
 * matched against the path (and query), a whole address against the whole URL without its #.
 * `*` matches any run of characters; everything else literally, case-insensitively.
 */
export function urlMatches(pattern: string, url: string): boolean {
  let target: string;
  try {
    const u = new URL(url);
    target = pattern.startsWith('/') ? u.pathname + u.search : u.origin + u.pathname + u.search;
  } catch {
    return false;
  }
  const source = pattern
    .split('*')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${source}$`, 'i').test(target);
}

/** Whether a placement with these patterns shows on `url`. */
export function placementShowsOn(settings: { showOn: readonly string[]; hideOn: readonly string[] }, url: string): boolean {
  if (settings.hideOn.some((p) => urlMatches(p, url))) return false;
  return settings.showOn.length === 0 || settings.showOn.some((p) => urlMatches(p, url));
}
