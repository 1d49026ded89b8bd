/**
 * Which of the app's route patterns a path shows, and with which parameters: `/docs/:slug` style
 * patterns, a parameter being one whole non-empty segment. As React Router matched them before
 * (docs/decisions/0038): letter case is ignored, a trailing slash is allowed, a pattern of fixed
 * segments wins over one with parameters, and parameters are given decoded.
 */

export type Params = Record<string, string>;

interface Compiled<P extends string> {
  pattern: P;
  regex: RegExp;
  names: string[];
  /** Fixed segments count more than parameters, so `/docs/new` would win over `/docs/:slug`. */
  score: number;
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function compile<P extends string>(pattern: P): Compiled<P> {
  const names: string[] = [];
  let score = 0;
  const segments = pattern
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      if (segment.startsWith(':')) {
        names.push(segment.slice(1));
        score += 3;
        return '/([^/]+)';
      }
      score += 10;
      return `/${escapeRegex(segment)}`;
    });
  return { pattern, regex: new RegExp(`^${segments.join('')}/*$`, 'i'), names, score };
}

function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value; // a malformed escape is kept as typed
  }
}

/**
 * A matcher for a fixed list of patterns: the best pattern for a path with its parameters, or null
 * when none matches.
 */
export function routeMatcher<P extends string>(patterns: readonly P[]) {
  const compiled = patterns.map(compile).sort((a, b) => b.score - a.score);
  return (pathname: string): { pattern: P; params: Params } | null => {
    for (const route of compiled) {
      const found = route.regex.exec(pathname);
      if (!found) continue;
      const params: Params = {};
      route.names.forEach((name, i) => (params[name] = decode(found[i + 1]!)));
      return { pattern: route.pattern, params };
    }
    return null;
  };
}
