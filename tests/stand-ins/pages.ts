import { escapeHtml } from './http.js';

/**
 * The stand-ins' hosted checkout pages: plain, accessible HTML (landmarks, one h1, real buttons and
 * links) so browser tests can drive them by role and name and run axe on the whole journey.
 */
export function checkoutPage({ title, provider, main }: { title: string; provider: string; main: string }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; background: #f4f5f7; color: #1a1a1a; }
  header { background: #1a1a1a; color: #fff; padding: 0.75rem 1.5rem; font-size: 0.9rem; }
  main { max-width: 28rem; margin: 2rem auto; background: #fff; border-radius: 8px; padding: 1.5rem 2rem; }
  h1 { font-size: 1.4rem; margin-top: 0; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 0.5rem 1rem; }
  dt { color: #4a4a4a; }
  dd { margin: 0; font-weight: 600; }
  form { margin: 1rem 0 0.5rem; }
  button { font: inherit; padding: 0.6rem 1.2rem; border-radius: 6px; border: 1px solid #1a1a1a; cursor: pointer; }
  button.primary { background: #0a3d91; border-color: #0a3d91; color: #fff; width: 100%; }
  a { color: #0a3d91; }
  :focus-visible { outline: 3px solid #f5a623; outline-offset: 2px; }
</style>
</head>
<body>
<header>${escapeHtml(provider)} test mode: no real money moves</header>
<main>
${main}
</main>
</body>
</html>
`;
}

/** A page that only says something, e.g. that the checkout link is unknown: `<h1>heading</h1><p>text</p>`. */
export function noticePage({ provider, heading, text }: { provider: string; heading: string; text: string }): string {
  return checkoutPage({
    title: `${heading} – ${provider} test checkout`,
    provider,
    main: `<h1>${escapeHtml(heading)}</h1><p>${escapeHtml(text)}</p>`,
  });
}

const SYMBOLS: Record<string, string> = { USD: '$', EUR: '€', GBP: '£', JPY: '¥', SGD: 'S$' };

/**
 * en-US money with the currency's symbol, e.g. $9.99, ¥500, S$12.00 (as Lodestone shows prices, so
 * a browser test can look for the same text on both sides); other currencies as 'CHF 12.00'.
 */
function format(amount: number, currency: string, decimals: number): string {
  const code = currency.toUpperCase();
  const number = new Intl.NumberFormat('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(
    amount,
  );
  return code in SYMBOLS ? `${SYMBOLS[code]}${number}` : `${code} ${number}`;
}

// Stripe's zero-decimal currencies: amounts are already whole units.
const STRIPE_ZERO_DECIMAL = new Set([
  'bif',
  'clp',
  'djf',
  'gnf',
  'jpy',
  'kmf',
  'krw',
  'mga',
  'pyg',
  'rwf',
  'ugx',
  'vnd',
  'vuv',
  'xaf',
  'xof',
  'xpf',
]);

export const stripeDecimals = (currency: string) => (STRIPE_ZERO_DECIMAL.has(currency.toLowerCase()) ? 0 : 2);

/** Stripe amounts are integers in the currency's smallest unit: 999 usd -> $9.99, 500 jpy -> ¥500. */
export function formatMinorUnits(amount: number, currency: string): string {
  const decimals = stripeDecimals(currency);
  return format(amount / 10 ** decimals, currency, decimals);
}

/** PayPal amounts are decimal strings: '9.99' USD -> $9.99. */
export function formatDecimal(value: string, currency: string, decimals: number): string {
  return format(Number(value), currency, decimals);
}
