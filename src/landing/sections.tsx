import { useEffect, useState, type ReactNode } from 'react';
import type { ImageRef } from '@/domain/form-config';
import { safeLink } from '@/domain/rich-text';
import { deadlineInstant, formatDeadline, isSectionLink, videoOf, type Section, type SectionOf } from '@/domain/sections';
import { fitBox, useImageSources } from './design-images';
import { Rich, useT } from './i18n';
import { RichText } from './rich-text';
import { PlayIcon, SectionIcon } from './section-icons';

/**
 * The sections of a page as a visitor sees them (docs/product.md#sections): each a <section> named
 * by its heading, in the owner's order, every word of the owner's as text or as the safe Markdown of
 * <RichText>, never as markup. Colours are the design's variables (landing-css.ts), so every
 * background, font and brand colour applies here as it does to the form.
 *
 * They sit below the fold on a phone (after the form), so their images load lazily, each with its
 * width and height so that nothing moves when it arrives.
 */

export interface SectionsProps {
  /** The sections to show: `shownSections(config)`. */
  sections: readonly Section[];
  /** The prefix of the page's element ids (two pages on one screen do not clash). */
  prefix: string;
  /** The words of a call to action's button when the owner wrote none: the form's own button. */
  buttonText: string;
  /** The deadline that has closed the form, if one has: it says the offer ended, without a countdown. */
  closedBy: Section | null;
}

export function Sections({ sections, prefix, buttonText, closedBy }: SectionsProps) {
  return (
    <div className="ls-sections">
      {sections.map((section, i) => (
        <SectionBox key={`${i}:${section.id}`} section={section} id={`${prefix}-s${i}`}>
          <SectionBody section={section} prefix={prefix} buttonText={buttonText} closed={section === closedBy} />
        </SectionBox>
      ))}
    </div>
  );
}

function SectionBox({ section, id, children }: { section: Section; id: string; children: ReactNode }) {
  const heading = section.heading.trim();
  const headingId = heading ? `${id}-h` : undefined;
  return (
    <section className="ls-section" aria-labelledby={headingId}>
      {heading && (
        <h2 id={headingId} className="ls-h2">
          {heading}
        </h2>
      )}
      {children}
    </section>
  );
}

function SectionBody({
  section,
  prefix,
  buttonText,
  closed,
}: {
  section: Section;
  prefix: string;
  buttonText: string;
  closed: boolean;
}) {
  switch (section.type) {
    case 'benefits':
      return (
        <ul className="ls-benefits ls-panel">
          {section.items
            .filter((item) => item.text.trim() !== '')
            .map((item, i) => (
              <li key={i}>
                <span className="ls-icon-box">
                  <SectionIcon icon={item.icon} />
                </span>
                <RichText source={item.text} />
              </li>
            ))}
        </ul>
      );
    case 'testimonials':
      return (
        <div className="ls-quotes">
          {section.items
            .filter((item) => item.quote.trim() !== '')
            .map((item, i) => (
              <figure key={i} className="ls-quote ls-panel">
                <blockquote>
                  <RichText source={item.quote} />
                </blockquote>
                {(item.name.trim() || item.role.trim()) && (
                  <figcaption>
                    {item.photo && <SectionImage image={item.photo} box={{ width: 48, height: 48 }} className="ls-avatar" />}
                    <span>
                      {item.name.trim() && <strong>{item.name.trim()}</strong>}
                      {item.role.trim() && <span className="ls-role">{item.role.trim()}</span>}
                    </span>
                  </figcaption>
                )}
              </figure>
            ))}
        </div>
      );
    case 'author':
      return <Author section={section} />;
    case 'faq':
      return (
        <div className="ls-faq ls-panel">
          {section.items
            .filter((item) => item.question.trim() !== '')
            .map((item, i) => (
              <details key={i}>
                <summary>{item.question.trim()}</summary>
                <RichText source={item.answer} className="ls-answer" />
              </details>
            ))}
        </div>
      );
    case 'logos':
      return (
        <ul className="ls-logos ls-panel">
          {section.items.map((item, i) => (
            <li key={i}>
              <SectionImage image={item.image} box={fitBox(item.image, LOGO_ROW)} alt={item.alt.trim()} />
            </li>
          ))}
        </ul>
      );
    case 'video':
      return <Video section={section} />;
    case 'deadline':
      return <Deadline section={section} closed={closed} />;
    case 'cta':
      return (
        <div className="ls-cta ls-panel">
          <RichText source={section.text} />
          <a className="ls-button" href={`#${prefix}-form`}>
            {section.buttonText.trim() || buttonText}
          </a>
        </div>
      );
  }
}

/** A logo of the row: at most 10rem by 3rem, in its own proportions. */
const LOGO_ROW = { width: 160, height: 48 };

/**
 * An uploaded image of a section, in a box known before it loads (its width and height), fetched
 * at the smallest stored width that fills it, and only when it is about to be seen.
 */
function SectionImage({
  image,
  box,
  alt = '',
  className,
}: {
  image: ImageRef;
  box: { width: number; height: number };
  alt?: string;
  className?: string;
}) {
  const { src, srcSet } = useImageSources(image);
  return (
    <img
      className={className}
      src={src}
      srcSet={srcSet}
      sizes={`${box.width}px`}
      width={box.width}
      height={box.height}
      alt={alt}
      loading="lazy"
      decoding="async"
    />
  );
}

function Author({ section }: { section: SectionOf<'author'> }) {
  const links = section.links.flatMap((link) => {
    const href = isSectionLink(link.url.trim()) ? safeLink(link.url) : null;
    return href
      ? [{ href, label: link.label.trim() || href.replace(/^(https?:\/\/(www\.)?|mailto:)/, '').replace(/\/$/, '') }]
      : [];
  });
  return (
    <div className="ls-author ls-panel">
      {/* The name is beside it: the photo adds nothing a screen reader should read. */}
      {section.photo && <SectionImage image={section.photo} box={{ width: 96, height: 96 }} className="ls-avatar" />}
      <div>
        {section.name.trim() && <p className="ls-author-name">{section.name.trim()}</p>}
        <RichText source={section.bio} />
        {links.length > 0 && (
          <ul className="ls-links">
            {links.map((link, i) => (
              <li key={i}>
                <a href={link.href} rel="noopener" target={link.href.startsWith('mailto:') ? undefined : '_blank'}>
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

/**
 * A video as a still in the design's colours with a play button: nothing is fetched from the
 * provider until the visitor presses it. Without JavaScript the button is a link to the video on
 * the provider's site; with it, the landing script puts the player (from the privacy-enhanced
 * host, `embedUrl`) in the same box, so nothing around it moves.
 */
function Video({ section }: { section: SectionOf<'video'> }) {
  const t = useT();
  const video = videoOf(section.url);
  if (!video) return null;
  const title = section.title.trim();
  return (
    <div className="ls-video">
      <a
        className="ls-video-link"
        href={video.watchUrl}
        target="_blank"
        rel="noopener"
        data-ls-video={video.embedUrl}
        data-ls-title={title || t('section.video.frameTitle')}
      >
        <span className="ls-play-button">
          <PlayIcon />
        </span>
        <span className="ls-video-title">
          <Rich
            id="section.video.play"
            values={{
              title: title || t(video.provider === 'youtube' ? 'section.video.watchYoutube' : 'section.video.watchVimeo'),
            }}
            tags={{ sr: (words) => <span className="ls-sr">{words}</span> }}
          />
        </span>
      </a>
    </div>
  );
}

export const COUNTDOWN_UNITS = [
  'section.countdown.days',
  'section.countdown.hours',
  'section.countdown.minutes',
  'section.countdown.seconds',
] as const;

/** Whole days, hours, minutes and seconds in `ms`, two digits each at least. */
export function countdownParts(ms: number): string[] {
  const s = Math.max(0, Math.floor(ms / 1000));
  return [Math.floor(s / 86400), Math.floor(s / 3600) % 24, Math.floor(s / 60) % 60, s % 60].map((n) =>
    String(n).padStart(2, '0'),
  );
}

/**
 * "Offer ends <time>" as the server wrote it, in the page's time zone, and a countdown to it. The
 * countdown is the same box before and after it starts (so nothing moves); the landing script ticks
 * it on the published page, this component in the creator's preview, and without JavaScript it is
 * not shown at all (landing-css.ts). The written time says the same, so the ticking digits are not
 * read out.
 */
function Deadline({ section, closed }: { section: SectionOf<'deadline'>; closed: boolean }) {
  const t = useT();
  const instant = deadlineInstant(section);
  const end = instant?.getTime();
  const [left, setLeft] = useState<number | null>(null);
  useEffect(() => {
    if (end === undefined || closed) return;
    const tick = () => setLeft(end - Date.now());
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [end, closed]);
  if (!instant) return null;
  const parts = left === null ? COUNTDOWN_UNITS.map(() => '--') : countdownParts(left);
  return (
    <div className="ls-deadline ls-panel">
      <p className="ls-deadline-text">
        <Rich
          id={closed ? 'section.deadline.ended' : 'section.deadline.ends'}
          values={{ deadline: formatDeadline(section, t.language) }}
          tags={{ time: (words) => <time dateTime={instant.toISOString()}>{words}</time> }}
        />
      </p>
      {!closed && (
        <div
          className="ls-countdown"
          data-ls-deadline={instant.toISOString()}
          data-on={left === null ? undefined : ''}
          aria-hidden="true"
        >
          {COUNTDOWN_UNITS.map((unit, i) => (
            <span key={unit} className="ls-unit">
              <span className="ls-num" data-ls-unit="">
                {parts[i]}
              </span>
              {t(unit)}
            </span>
          ))}
        </div>
      )}
    </div>
  );
}
