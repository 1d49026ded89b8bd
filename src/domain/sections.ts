import { z } from 'zod';
import { wallClockInstant } from './zoned-time';

/**
 * docs/product.md#sections: the parts of a page that sell the lead magnet before and after the form
 * (decision 0077). Each has its own words, may be hidden, and is placed by the owner; the landing
 * page renders them below the hero, or beside the form on a wide screen (design.formPlacement).
 *
 * Text marked "rich" is Markdown, of which a page shows bold, italic, links and lists only
 * (landing/rich-text.tsx); everything else in it is shown as the text it is.
 */

export const SECTION_TYPES = ['benefits', 'testimonials', 'author', 'faq', 'logos', 'video', 'deadline', 'cta'] as const;
export type SectionType = (typeof SECTION_TYPES)[number];

/** The owner's names for each kind, in the order the creator offers them. */
export const SECTION_LABELS: Record<SectionType, string> = {
  benefits: "What's inside",
  testimonials: 'Testimonials',
  author: 'About the author',
  faq: 'FAQ',
  logos: 'Logos',
  video: 'Video',
  deadline: 'Deadline',
  cta: 'Call to action',
};

/** The simple icons a benefit may show (drawn by landing/section-icons.tsx). */
export const BENEFIT_ICONS = ['check', 'star', 'book', 'bolt', 'target', 'gift', 'chart', 'clock', 'shield', 'heart'] as const;
export type BenefitIcon = (typeof BENEFIT_ICONS)[number];

export const MAX_SECTIONS = 12;
export const MAX_SECTION_ITEMS = 12;
export const MAX_FAQ_ITEMS = 20;
export const MAX_AUTHOR_LINKS = 6;

export const sectionMessages = {
  videoUrl: 'Use a YouTube or Vimeo link, like https://www.youtube.com/watch?v=…',
  endsAt: 'Choose a date and time that exists, like 2026-12-31 23:59',
  timeZone: 'Choose a time zone from the list',
  linkUrl: 'Use an address starting with https://, http:// or mailto:',
  endsAtRequired: 'Choose when the offer ends',
  videoRequired: 'Paste the link to your video',
} as const;

const imageRef = z.object({
  id: z.string().uuid(),
  width: z.number().int().min(1).max(10_000),
  height: z.number().int().min(1).max(10_000),
});

const SECTION_ID = /^[A-Za-z0-9_-]{1,64}$/;
const plain = (max: number) => z.string().trim().max(max);
/** Markdown: kept as written (its line breaks mean something), checked only for length. */
const rich = (max: number) => z.string().max(max);

/** An address a visitor may be sent to from a page: the web, or an email. */
export function isSectionLink(value: string): boolean {
  try {
    const url = new URL(value);
    if (url.protocol === 'mailto:') return url.pathname.includes('@');
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** 'YYYY-MM-DDTHH:mm', a wall-clock time (in the section's time zone) that exists in the calendar. */
const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;
export function isLocalDateTime(value: string): boolean {
  const m = LOCAL_TIME.exec(value);
  if (!m) return false;
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [number, number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute));
  return (
    year >= 2000 &&
    year <= 2100 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    hour < 24 &&
    minute < 60
  );
}

export function isTimeZone(value: string): boolean {
  if (value === '' || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const common = {
  id: z.string().regex(SECTION_ID, 'Invalid section id'),
  hidden: z.boolean().default(false),
  heading: plain(120),
};

export const benefitSchema = z.object({ icon: z.enum(BENEFIT_ICONS), text: rich(500) });
export const testimonialSchema = z.object({
  quote: rich(1000),
  name: plain(100),
  role: plain(100),
  photo: imageRef.nullable().default(null),
});
export const authorLinkSchema = z.object({
  label: plain(60),
  url: plain(2000).refine((v) => v === '' || isSectionLink(v), sectionMessages.linkUrl),
});
export const faqItemSchema = z.object({ question: plain(200), answer: rich(2000) });
export const logoItemSchema = z.object({ image: imageRef, alt: plain(100) });

export const AFTER_DEADLINE = ['keepForm', 'closeForm'] as const;
export const DEFAULT_ENDED_MESSAGE = 'This offer has ended.';

export const sectionSchema = z.discriminatedUnion('type', [
  z.object({ ...common, type: z.literal('benefits'), items: z.array(benefitSchema).max(MAX_SECTION_ITEMS) }),
  z.object({ ...common, type: z.literal('testimonials'), items: z.array(testimonialSchema).max(MAX_SECTION_ITEMS) }),
  z.object({
    ...common,
    type: z.literal('author'),
    name: plain(100),
    bio: rich(2000),
    photo: imageRef.nullable().default(null),
    links: z.array(authorLinkSchema).max(MAX_AUTHOR_LINKS),
  }),
  z.object({ ...common, type: z.literal('faq'), items: z.array(faqItemSchema).max(MAX_FAQ_ITEMS) }),
  z.object({ ...common, type: z.literal('logos'), items: z.array(logoItemSchema).max(MAX_SECTION_ITEMS) }),
  z.object({
    ...common,
    type: z.literal('video'),
    url: plain(300).refine((v) => v === '' || videoOf(v) !== null, sectionMessages.videoUrl),
    /** What the video is, for people who cannot see the still (the play button's name). */
    title: plain(120),
  }),
  z.object({
    ...common,
    type: z.literal('deadline'),
    /** The wall-clock time the offer ends, in `timeZone`; '' while the owner has not chosen one. */
    endsAt: z.string().refine((v) => v === '' || isLocalDateTime(v), sectionMessages.endsAt),
    timeZone: z.string().refine(isTimeZone, sectionMessages.timeZone),
    afterDeadline: z.enum(AFTER_DEADLINE),
    endedMessage: plain(300),
  }),
  z.object({ ...common, type: z.literal('cta'), text: rich(500), buttonText: plain(60) }),
]);
export type Section = z.infer<typeof sectionSchema>;
export type SectionOf<T extends SectionType> = Extract<Section, { type: T }>;
export type Benefit = z.infer<typeof benefitSchema>;
export type Testimonial = z.infer<typeof testimonialSchema>;
export type FaqItem = z.infer<typeof faqItemSchema>;
export type LogoItem = z.infer<typeof logoItemSchema>;
export type AuthorLink = z.infer<typeof authorLinkSchema>;

export const sectionsSchema = z.array(sectionSchema).max(MAX_SECTIONS);

/** A new section of `type`, as "Add section" makes it: its usual heading and one item to fill in. */
export function newSection<T extends SectionType>(type: T, now: number = Date.now(), timeZone = 'UTC'): SectionOf<T> {
  return makeSection(type, now, timeZone) as SectionOf<T>;
}

function makeSection(type: SectionType, now: number, timeZone: string): Section {
  const id = `section-${now}`;
  const base = { id, hidden: false };
  switch (type) {
    case 'benefits':
      return { ...base, type, heading: "What's inside", items: [{ icon: 'check', text: '' }] };
    case 'testimonials':
      return { ...base, type, heading: 'What readers say', items: [{ quote: '', name: '', role: '', photo: null }] };
    case 'author':
      return { ...base, type, heading: 'About the author', name: '', bio: '', photo: null, links: [] };
    case 'faq':
      return { ...base, type, heading: 'Questions', items: [{ question: '', answer: '' }] };
    case 'logos':
      return { ...base, type, heading: 'As featured in', items: [] };
    case 'video':
      return { ...base, type, heading: '', url: '', title: '' };
    case 'deadline':
      return {
        ...base,
        type,
        heading: 'Offer ends',
        endsAt: '',
        timeZone: isTimeZone(timeZone) ? timeZone : 'UTC',
        afterDeadline: 'keepForm',
        endedMessage: DEFAULT_ENDED_MESSAGE,
      };
    case 'cta':
      return { ...base, type, heading: '', text: '', buttonText: '' };
  }
}

/* ---------------------------------------------------------------- video */

export type VideoProvider = 'youtube' | 'vimeo';
export interface Video {
  provider: VideoProvider;
  id: string;
  /** The player, from the provider's privacy-enhanced host, started by the press that loads it. */
  embedUrl: string;
  /** The video on the provider's site: where the play button goes without JavaScript. */
  watchUrl: string;
}

/** The only hosts a page frames, and only once its visitor presses play. */
export const VIDEO_FRAME_HOSTS = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'] as const;

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

/** A YouTube or Vimeo link, in any of the forms people paste; null for anything else. */
export function videoOf(link: string): Video | null {
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase().replace(/^(www\.|m\.)/, '');
  const parts = url.pathname.split('/').filter(Boolean);
  let youtube: string | undefined;
  if (host === 'youtu.be') youtube = parts[0];
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    youtube = parts[0] === 'watch' || parts.length === 0 ? (url.searchParams.get('v') ?? undefined) : undefined;
    if (['embed', 'shorts', 'live', 'v'].includes(parts[0] ?? '')) youtube = parts[1];
  }
  if (youtube !== undefined) {
    if (!YOUTUBE_ID.test(youtube)) return null;
    return {
      provider: 'youtube',
      id: youtube,
      embedUrl: `https://www.youtube-nocookie.com/embed/${youtube}?autoplay=1`,
      watchUrl: `https://www.youtube.com/watch?v=${youtube}`,
    };
  }
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const at = parts.findIndex((p) => /^\d{1,12}$/.test(p));
    if (at < 0) return null;
    const id = parts[at]!;
    const hash = url.searchParams.get('h') ?? parts[at + 1];
    const privateHash = hash && /^[0-9a-f]{6,20}$/.test(hash) ? hash : undefined;
    return {
      provider: 'vimeo',
      id,
      embedUrl: `https://player.vimeo.com/video/${id}?dnt=1&autoplay=1${privateHash ? `&h=${privateHash}` : ''}`,
      watchUrl: `https://vimeo.com/${id}${privateHash ? `/${privateHash}` : ''}`,
    };
  }
  return null;
}

/* ------------------------------------------------------------- deadline */

/**
 * The instant a deadline's wall-clock time happens in its time zone. A time skipped by a clock
 * change (02:30 on a spring-forward night) is read with the offset of before the change.
 */
export function deadlineInstant(section: Pick<SectionOf<'deadline'>, 'endsAt' | 'timeZone'>): Date | null {
  if (!isLocalDateTime(section.endsAt) || !isTimeZone(section.timeZone)) return null;
  const [date, time] = section.endsAt.split('T') as [string, string];
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  const [h, mi] = time.split(':').map(Number) as [number, number];
  return wallClockInstant({ year: y, month: mo, day: d, hour: h, minute: mi }, section.timeZone);
}

/**
 * "31 December 2026 at 23:59 GMT": the end as a visitor reads it, in the page's time zone, written as
 * `language` writes dates (English pages keep the day-month order they always had).
 */
export function formatDeadline(section: Pick<SectionOf<'deadline'>, 'endsAt' | 'timeZone'>, language = 'en'): string {
  const instant = deadlineInstant(section);
  if (!instant) return '';
  const locale = language === 'en' ? 'en-GB' : language;
  return new Intl.DateTimeFormat(locale, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: section.timeZone,
  })
    .format(instant)
    .concat(' ', timeZoneName(instant, section.timeZone, locale));
}

function timeZoneName(instant: Date, timeZone: string, locale: string): string {
  const parts = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' }).formatToParts(instant);
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? timeZone;
}

/* ---------------------------------------------------------- the page's */

/** Whether a section has anything to show a visitor; a hidden or empty one is left out of the page. */
export function sectionShows(section: Section): boolean {
  if (section.hidden) return false;
  switch (section.type) {
    case 'benefits':
      return section.items.some((i) => i.text.trim() !== '');
    case 'testimonials':
      return section.items.some((i) => i.quote.trim() !== '');
    case 'author':
      return section.name.trim() !== '' || section.bio.trim() !== '';
    case 'faq':
      return section.items.some((i) => i.question.trim() !== '');
    case 'logos':
      return section.items.length > 0;
    case 'video':
      return videoOf(section.url) !== null;
    case 'deadline':
      return deadlineInstant(section) !== null;
    case 'cta':
      return true;
  }
}

/** The sections a visitor sees, in the owner's order. Configs saved before sections existed have none. */
export function shownSections(config: { sections?: readonly Section[] }): Section[] {
  return (config.sections ?? []).filter(sectionShows);
}

/**
 * The deadline that has passed and closes the form, if any: the page then shows its message instead
 * of the form (and the server refuses a late sign-up). A deadline that keeps the form changes nothing.
 */
export function closingDeadline(
  config: { sections?: readonly Section[] },
  now: number = Date.now(),
): SectionOf<'deadline'> | null {
  for (const section of shownSections(config)) {
    if (section.type !== 'deadline' || section.afterDeadline !== 'closeForm') continue;
    const instant = deadlineInstant(section);
    if (instant && instant.getTime() <= now) return section;
  }
  return null;
}

/** Whether a page shows a video (its CSP then lets the player's host be framed, once pressed). */
export const showsVideo = (config: { sections?: readonly Section[] }): boolean =>
  shownSections(config).some((s) => s.type === 'video');

/* --------------------------------------------------------------- images */

type ImageRefOf = z.infer<typeof imageRef>;

/** Every uploaded image the sections show, with the error key of its place and the owner's name for it. */
export function sectionImages(
  sections: readonly Section[] | undefined,
  prefix = 'sections',
): { key: string; label: string; ref: ImageRefOf }[] {
  const found: { key: string; label: string; ref: ImageRefOf }[] = [];
  (sections ?? []).forEach((section, i) => {
    const at = `${prefix}.${i}`;
    if (section.type === 'testimonials')
      section.items.forEach((item, j) => {
        if (item.photo) found.push({ key: `${at}.items.${j}.photo`, label: 'testimonial photo', ref: item.photo });
      });
    if (section.type === 'author' && section.photo)
      found.push({ key: `${at}.photo`, label: "author's photo", ref: section.photo });
    if (section.type === 'logos')
      section.items.forEach((item, j) => found.push({ key: `${at}.items.${j}.image`, label: 'logo', ref: item.image }));
  });
  return found;
}

/** The sections with the image `ref` wherever they showed the image `id` (an upload replacing a browser's copy). */
export function withSectionImageReplaced(sections: readonly Section[], id: string, ref: ImageRefOf): Section[] {
  const swap = <T extends ImageRefOf | null>(image: T): T => (image?.id === id ? (ref as T) : image);
  return sections.map((section) => {
    switch (section.type) {
      case 'testimonials':
        return { ...section, items: section.items.map((item) => ({ ...item, photo: swap(item.photo) })) };
      case 'author':
        return { ...section, photo: swap(section.photo) };
      case 'logos':
        return { ...section, items: section.items.map((item) => ({ ...item, image: swap(item.image) })) };
      default:
        return section;
    }
  });
}

/** Publishing needs a video's link and a deadline's time: a visible section without them would show nothing. */
export function sectionPublishErrors(sections: readonly Section[] | undefined, prefix = 'sections'): Record<string, string> {
  const errors: Record<string, string> = {};
  (sections ?? []).forEach((section, i) => {
    if (section.hidden) return;
    if (section.type === 'video' && section.url.trim() === '') errors[`${prefix}.${i}.url`] = sectionMessages.videoRequired;
    if (section.type === 'deadline' && section.endsAt === '') errors[`${prefix}.${i}.endsAt`] = sectionMessages.endsAtRequired;
  });
  return errors;
}
