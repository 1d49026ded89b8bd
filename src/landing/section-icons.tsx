import type { BenefitIcon } from '@/domain/sections';

/**
 * The icons a benefit may show, drawn inline as one stroked path each (24×24, the text's colour):
 * no icon font, no request, a few dozen bytes apiece. They are decoration beside words that say
 * the same, so they are hidden from assistive technology.
 */
export const ICON_PATHS: Record<BenefitIcon, string> = {
  check: 'M20 6 9 17l-5-5',
  star: 'm12 2 3.1 6.3 6.9 1-5 4.9 1.2 6.8-6.2-3.2L5.8 21 7 14.2 2 9.3l6.9-1z',
  book: 'M4 19.5A2.5 2.5 0 0 1 6.5 17H20V2H6.5A2.5 2.5 0 0 0 4 4.5zm0 0A2.5 2.5 0 0 0 6.5 22H20v-5',
  bolt: 'M13 2 3 14h9l-1 8 10-12h-9z',
  target: 'M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zm0-4a6 6 0 1 0 0-12 6 6 0 0 0 0 12zm0-4a2 2 0 1 0 0-4 2 2 0 0 0 0 4z',
  gift: 'M20 12v10H4V12M2 7h20v5H2zm10 15V7m0 0H7.5a2.5 2.5 0 0 1 0-5C11 2 12 7 12 7zm0 0h4.5a2.5 2.5 0 0 0 0-5C13 2 12 7 12 7z',
  chart: 'M18 20V10m-6 10V4M6 20v-6',
  clock: 'M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zm0-16v6l4 2',
  shield: 'M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10z',
  heart: 'M20.8 4.6a5.5 5.5 0 0 0-7.8 0L12 5.7l-1-1.1a5.5 5.5 0 0 0-7.8 7.8L12 21l8.8-8.6a5.5 5.5 0 0 0 0-7.8z',
};

export function SectionIcon({ icon }: { icon: BenefitIcon }) {
  return (
    <svg className="ls-icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path d={ICON_PATHS[icon] ?? ICON_PATHS.check} />
    </svg>
  );
}

/** The play button's triangle on a video's still. */
export function PlayIcon() {
  return (
    <svg className="ls-play" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path d="M8 5v14l11-7z" />
    </svg>
  );
}
