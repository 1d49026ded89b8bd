import {
  BookOpen,
  ChartColumn,
  Check,
  CircleHelp,
  Clock,
  Gift,
  Heart,
  Hourglass,
  Images,
  ListChecks,
  Megaphone,
  MessageSquareQuote,
  Shield,
  SquarePlay,
  Star,
  Target,
  UserRound,
  Zap,
  type LucideIcon,
} from 'lucide-react';
import type { BenefitIcon, SectionType } from '@/domain/sections';

/** What each kind of section looks like in the creator's lists (the Add section menu, each card). */
export const SECTION_ICONS: Record<SectionType, LucideIcon> = {
  benefits: ListChecks,
  testimonials: MessageSquareQuote,
  author: UserRound,
  faq: CircleHelp,
  logos: Images,
  video: SquarePlay,
  deadline: Hourglass,
  cta: Megaphone,
};

/** What each kind is for, in the Add section menu. */
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

/**
 * The benefits' icons as the creator shows them to choose from, with their names for screen
 * readers. The page draws its own simple versions of the same pictures.
 */
export const BENEFIT_ICON_CHOICES: Record<BenefitIcon, { Icon: LucideIcon; name: string }> = {
  check: { Icon: Check, name: 'Check mark' },
  star: { Icon: Star, name: 'Star' },
  book: { Icon: BookOpen, name: 'Book' },
  bolt: { Icon: Zap, name: 'Lightning bolt' },
  target: { Icon: Target, name: 'Target' },
  gift: { Icon: Gift, name: 'Gift' },
  chart: { Icon: ChartColumn, name: 'Chart' },
  clock: { Icon: Clock, name: 'Clock' },
  shield: { Icon: Shield, name: 'Shield' },
  heart: { Icon: Heart, name: 'Heart' },
};
