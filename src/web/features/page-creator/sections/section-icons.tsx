import { Hourglass, Info, ListChecks, MessageCircle, MonitorPlay, Newspaper, Pencil, Send, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import type { BenefitIcon, SectionType } from '@/domain/sections';
import { ICON_PATHS } from '@/landing/section-icons';

/*
 * The kinds' icons are ones the app already has; the benefits' icons are the page's own drawings
 * (landing/section-icons.tsx), so the owner picks exactly what visitors will see.
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

/** A benefit's icon as the creator shows it to choose from: the very drawing the page shows. */
export function BenefitIconDrawing({ icon, className }: { icon: BenefitIcon; className?: string }) {
  return (
    <Drawing className={className}>
      <path d={ICON_PATHS[icon]} />
    </Drawing>
  );
}
