import sharp from 'sharp';

// Images an owner uploads (browser journeys, benchmarks): drawn as SVG and turned into PNGs by sharp.

/** A cover illustration (a book on a warm backdrop), drawn as SVG and turned into a PNG by sharp. */
export function coverPng() {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1000" viewBox="0 0 1600 1000">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fef3c7"/><stop offset="1" stop-color="#f59e0b"/></linearGradient>
    <linearGradient id="book" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1e293b"/><stop offset="1" stop-color="#0f172a"/></linearGradient>
  </defs>
  <rect width="1600" height="1000" fill="url(#bg)"/>
  <circle cx="1260" cy="220" r="170" fill="#fffbeb" opacity=".6"/>
  <circle cx="230" cy="860" r="280" fill="#fbbf24" opacity=".55"/>
  <g transform="rotate(-8 800 520)">
    <rect x="590" y="190" width="470" height="640" rx="26" fill="#0f172a" opacity=".25" transform="translate(26 30)"/>
    <rect x="560" y="180" width="480" height="640" rx="26" fill="url(#book)"/>
    <rect x="560" y="180" width="60" height="640" rx="26" fill="#334155"/>
    <rect x="680" y="300" width="290" height="30" rx="15" fill="#facc15"/>
    <rect x="680" y="360" width="230" height="20" rx="10" fill="#94a3b8"/>
    <rect x="680" y="400" width="260" height="20" rx="10" fill="#94a3b8"/>
    <circle cx="810" cy="610" r="100" fill="none" stroke="#facc15" stroke-width="20"/>
    <path d="M810 530 L810 610 L870 650" stroke="#facc15" stroke-width="20" fill="none" stroke-linecap="round"/>
  </g>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A wordmark logo on a transparent background, light for a dark page. */
export function logoPng() {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="160" viewBox="0 0 640 160">
  <rect x="8" y="16" width="128" height="128" rx="30" fill="#facc15"/>
  <path d="M44 112 V48 L100 112 V48" stroke="#0f172a" stroke-width="16" fill="none" stroke-linejoin="round" stroke-linecap="round"/>
  <text x="164" y="108" font-family="DejaVu Serif, serif" font-size="68" font-weight="700" fill="#f9fafb">Northwind</text>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const PORTRAIT_COLOURS = [
  ['#fde68a', '#b45309'],
  ['#bfdbfe', '#1d4ed8'],
  ['#fbcfe8', '#be185d'],
  ['#bbf7d0', '#15803d'],
] as const;

/** A portrait for a testimonial or the author: a head and shoulders on a coloured backdrop, 400×400. */
export function portraitPng(i = 0) {
  const [light, dark] = PORTRAIT_COLOURS[i % PORTRAIT_COLOURS.length]!;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400">
  <rect width="400" height="400" fill="${light}"/>
  <circle cx="200" cy="165" r="80" fill="${dark}" opacity=".85"/>
  <path d="M60 400 C70 290 130 255 200 255 C270 255 330 290 340 400 Z" fill="${dark}"/>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const PARTNERS = ['Ledger', 'Copperline', 'Atlas Weekly', 'brightpath', 'Fika & Co'] as const;

/** A partner's wordmark for a row of logos, in a dark grey on a transparent background, 480×120. */
export function partnerLogoPng(i = 0) {
  const name = PARTNERS[i % PARTNERS.length]!.replace('&', '&amp;');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="120" viewBox="0 0 480 120">
  <circle cx="60" cy="60" r="${30 + (i % 3) * 6}" fill="none" stroke="#374151" stroke-width="14"/>
  <text x="120" y="80" font-family="DejaVu Sans, sans-serif" font-size="44" font-weight="700" fill="#374151">${name}</text>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
