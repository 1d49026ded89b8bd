/**
 * A likely slip of the fingers in an email address's domain (docs/decisions/0086): `gmial.com`,
 * `hotmail.con`, `yaho.com`. Only a suggestion is ever made from it, never a refusal, so it errs
 * towards silence: a domain that is itself a common mail domain, or as close to two of them, gets none.
 *
 * The landing page's script runs the same rules in the browser (src/landing/landing-script.ts, built
 * from these lists), and a test holds the two to the same answers.
 */

/** Domains most visitors' addresses are at, by region. A typed domain in this list is never "corrected". */
export const COMMON_MAIL_DOMAINS = [
  'gmail.com',
  'googlemail.com',
  'yahoo.com',
  'yahoo.co.uk',
  'yahoo.fr',
  'yahoo.de',
  'yahoo.es',
  'yahoo.it',
  'yahoo.ca',
  'yahoo.co.jp',
  'yahoo.com.br',
  'ymail.com',
  'hotmail.com',
  'hotmail.co.uk',
  'hotmail.fr',
  'hotmail.de',
  'hotmail.it',
  'hotmail.es',
  'outlook.com',
  'outlook.de',
  'outlook.fr',
  'live.com',
  'msn.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'aol.com',
  'gmx.de',
  'gmx.net',
  'gmx.at',
  'gmx.ch',
  'gmx.com',
  'web.de',
  'proton.me',
  'protonmail.com',
  'pm.me',
  'yandex.ru',
  'yandex.com',
  'mail.ru',
  'mail.com',
  'email.com',
  'email.cz',
  'seznam.cz',
  'qq.com',
  '163.com',
  '126.com',
  't-online.de',
  'orange.fr',
  'free.fr',
  'wanadoo.fr',
  'sfr.fr',
  'laposte.net',
  'libero.it',
  'virgilio.it',
  'bluewin.ch',
  'wp.pl',
  'o2.pl',
  'op.pl',
  'onet.pl',
  'interia.pl',
  'comcast.net',
  'verizon.net',
  'att.net',
  'sbcglobal.net',
  'naver.com',
  'hanmail.net',
  'uol.com.br',
  'bol.com.br',
  'rediffmail.com',
] as const;

/**
 * Endings no top-level domain has, each a slip for the one it names: `someone@shop.con` means
 * `.com` whatever the shop. Endings that are real domains (.co, .cm, .om, .ne) are left out.
 */
export const TLD_SLIPS: Readonly<Record<string, string>> = {
  con: 'com',
  cmo: 'com',
  ocm: 'com',
  comm: 'com',
  coom: 'com',
  cpm: 'com',
  vom: 'com',
  xom: 'com',
  nte: 'net',
  ner: 'net',
  ogr: 'org',
  rog: 'org',
};

const KNOWN: ReadonlySet<string> = new Set(COMMON_MAIL_DOMAINS);
/** Shorter domains have too many real neighbours (op.pl, o2.pl, wp.pl) to be suggested. */
const MIN_TARGET = 6;
/** From this length a domain may be two slips away; shorter ones one. */
const LONG_TARGET = 9;

/** Optimal string alignment distance: insertions, deletions, substitutions and swaps of two neighbours. */
export function editDistance(a: string, b: string): number {
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i += 1) {
    rows.push([i]);
    for (let j = 1; j <= b.length; j += 1) {
      if (i === 0) {
        rows[0]!.push(j);
        continue;
      }
      const row = rows[i]!;
      const above = rows[i - 1]!;
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(above[j]! + 1, row[j - 1]! + 1, above[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      row.push(best);
    }
  }
  return rows[a.length]![b.length]!;
}

const lastLabel = (domain: string) => domain.slice(domain.lastIndexOf('.') + 1);
const slipFor = (tld: string): string | undefined =>
  Object.prototype.hasOwnProperty.call(TLD_SLIPS, tld) ? TLD_SLIPS[tld] : undefined;

/**
 * Whether `domain`, `distance` slips from `target`, may be meant as it. A slip in the ending alone
 * is one only towards .com or from an ending that is no country's (two letters may be one: yahoo.in
 * is not yahoo.it); two slips that change the ending too are a different domain (yahoo.ca), unless
 * the ending is no ending at all (.con).
 */
function mayMean(domain: string, target: string, distance: number): boolean {
  const tld = lastLabel(domain);
  const targetTld = lastLabel(target);
  if (tld === targetTld) return true;
  if (distance === 1) return targetTld === 'com' || tld.length !== 2;
  return slipFor(tld) === targetTld;
}

/** Answers already worked out, by domain as typed: a page's sign-ups come from a few domains, again and again. */
const suggested = new Map<string, string | null>();
const MAX_SUGGESTED = 1000;
/** The longest a domain name can be: anything longer is worked out each time, never kept. */
const MAX_DOMAIN = 253;

/** The common mail domain `domain` is a likely slip for, or null (it is one, or near none, or near two). */
export function suggestDomain(typed: string): string | null {
  if (typed.length > MAX_DOMAIN) return closestDomain(typed);
  let answer = suggested.get(typed);
  if (answer === undefined) {
    answer = closestDomain(typed);
    if (suggested.size >= MAX_SUGGESTED) suggested.clear();
    suggested.set(typed, answer);
  }
  return answer;
}

function closestDomain(typed: string): string | null {
  const domain = typed.trim().toLowerCase().replace(/\.$/, '');
  if (!domain.includes('.') || KNOWN.has(domain)) return null;
  let best: string | null = null;
  let bestDistance = Infinity;
  let tie = false;
  for (const target of COMMON_MAIL_DOMAINS) {
    if (target.length < MIN_TARGET) continue;
    const allowed = target.length >= LONG_TARGET ? 2 : 1;
    // Lengths further apart than that take more slips than that: no need to count them.
    if (Math.abs(domain.length - target.length) > allowed) continue;
    const distance = editDistance(domain, target);
    if (distance > allowed || !mayMean(domain, target, distance)) continue;
    if (distance < bestDistance) {
      best = target;
      bestDistance = distance;
      tie = false;
    } else if (distance === bestDistance) tie = true;
  }
  if (best && !tie) return best;
  const slip = slipFor(lastLabel(domain));
  return slip && domain.lastIndexOf('.') > 0 ? `${domain.slice(0, domain.lastIndexOf('.') + 1)}${slip}` : null;
}

/** The address with its domain corrected, when its domain is a likely slip; the local part as typed. */
export function suggestEmail(address: string): { email: string; domain: string } | null {
  const typed = address.trim();
  const at = typed.lastIndexOf('@');
  if (at < 1) return null;
  const domain = suggestDomain(typed.slice(at + 1));
  return domain ? { email: `${typed.slice(0, at)}@${domain}`, domain } : null;
}
