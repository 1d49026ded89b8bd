import { Hourglass, Info, ListChecks, MessageCircle, MonitorPlay, Newspaper, Pencil, Send, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import type { BenefitIcon, SectionType } from '@/domain/sections';

/*
 * lucide's icons share one chunk that every screen loads, the Home page's first load included
 * (docs/decisions/0029), and that load is at its budget: the creator uses only icons the app
 * already has, and draws the benefits' own pictures here, in its lazy chunk.
 */

/** What each kind of section looks like in the creator's lists (the Add section choices, each card). */
export const SECTION_ICONS: Record<SectionType, LucideIcon> = {
  benefits: ListChecks,
  testimonials: MessageCircle,
  author: Pencil,
  faq: Info,
  logos: Newspaper,
  video: MonitorPlay,
  deadline: Hourglass,
  cta: Send,
};

/** What each kind is for, under its name among the Add section choices. */
export const SECTION_PURPOSES: Record<SectionType, string> = {
  benefits: 'What the reader gets, point by point',
  testimonials: 'Quotes from happy readers',
  author: 'Who wrote it, and why trust them',
  faq: 'Questions and answers that open on a tap',
  logos: 'Where you have been featured',
  video: 'A YouTube or Vimeo video',
  deadline: 'When the offer ends',
  cta: 'A second button to the form',
};

/** A 24-unit line drawing in the text's colour, like the app's other icons. */
function Drawing({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className={className}
    >
      {children}
    </svg>
  );
}

const DRAWINGS: Record<BenefitIcon, ReactNode> = {
  check: <path d="M5 12.5l4.5 4.5L19 7.5" />,
  star: <path d="M12 3.5l2.6 5.4 5.9.8-4.3 4.1 1 5.8L12 16.8l-5.2 2.8 1-5.8-4.3-4.1 5.9-.8z" />,
  book: (
    <>
      <path d="M3 5.5h6a3 3 0 013 3V19a2.5 2.5 0 00-2.5-2.5H3z" />
      <path d="M21 5.5h-6a3 3 0 00-3 3V19a2.5 2.5 0 012.5-2.5H21z" />
    </>
  ),
  bolt: <path d="M13 2.5L4.5 13.5H12l-1 8 8.5-11H12z" />,
  target: (
    <>
      <circle cx="12" cy="12" r="9" />
      <circle cx="12" cy="12" r="5" />
      <circle cx="12" cy="12" r="1" />
    </>
  ),
  gift: (
    <>
      <rect x="3.5" y="8" width="17" height="4" rx="1" />
      <path d="M5 12v8.5h14V12M12 8v12.5" />
      <path d="M12 8C10.5 4 7 4 7 6.2S10 8 12 8c2 0 5 .5 5-1.8S13.5 4 12 8z" />
    </>
  ),
  chart: <path d="M4 4v16h16M8.5 16v-4M12.5 16V8M16.5 16v-6" />,
  clock: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </>
  ),
  shield: <path d="M12 3l7.5 3v5.5c0 4.5-3.2 8-7.5 9.5-4.3-1.5-7.5-5-7.5-9.5V6z" />,
  heart: <path d="M12 20s-7.5-4.6-7.5-10.2A4.3 4.3 0 0112 7.3a4.3 4.3 0 017.5 2.5C19.5 15.4 12 20 12 20z" />,
};

/** The benefits' icons' names, as screen readers say them in the picker. */
export const BENEFIT_ICON_NAMES: Record<BenefitIcon, string> = {
  check: 'Check mark',
  star: 'Star',
  book: 'Book',
  bolt: 'Lightning bolt',
  target: 'Target',
  gift: 'Gift',
  chart: 'Chart',
  clock: 'Clock',
  shield: 'Shield',
  heart: 'Heart',
};

/** A benefit's icon as the creator shows it to choose from. */
export function BenefitIconDrawing({ icon, className }: { icon: BenefitIcon; className?: string }) {
  return <Drawing className={className}>{DRAWINGS[icon]}</Drawing>;
}
