import { useContext, useMemo } from 'react';
import { DEFAULT_DESIGN, type FormConfig } from '@/domain/form-config';
import { imageUrl, widthsFor } from '@/domain/images';
import { LINK_CARD, linkCardAlt, linkCardShowsCover, linkCardSvg } from '@/domain/link-card';
import { richTextPlain } from '@/domain/rich-text';
import { LocalImageUrls } from '@/landing/design-images';
import { designTheme } from '@/landing/design-theme';
import { useFormDetail } from '@/web/features/forms';
import { useSearchParams } from '@/web/lib/router';
import { useLogoDataUrl } from './use-logo-data-url';

/**
 * "Link preview": the page as a shared link shows it on LinkedIn, Slack or X (docs/product.md#link-previews):
 * the card the server will make (the cover cut to 1200 × 630 as `object-fit: cover` cuts it, or the
 * card drawn by the same function from the design), the title, the description's words and the host
 * of the page's address. It follows every change, an image not uploaded yet included.
 */
export function LinkPreview({ config }: { config: FormConfig }) {
  const design = config.design ?? DEFAULT_DESIGN;
  const title = config.title.trim();
  const description = richTextPlain(config.description ?? '', 200) || title;
  const host = usePageHost();
  const card = useCardImage(config);

  return (
    <section aria-labelledby="creator-link-preview-heading" className="grid gap-2">
      <div className="grid gap-1">
        <h3 id="creator-link-preview-heading" className="text-sm font-medium text-gray-900">
          Link preview
        </h3>
        <p className="text-sm text-gray-600">
          How a link to this page shows when it is shared on LinkedIn, Slack, X or WhatsApp.{' '}
          {linkCardShowsCover(design)
            ? 'The picture is your cover image.'
            : 'Add a cover image on the Design tab to show it here instead.'}
        </p>
      </div>
      <figure
        data-testid="link-preview-card"
        className="w-full max-w-md overflow-hidden rounded-lg border border-gray-200 bg-white shadow-sm"
      >
        <img
          src={card.src}
          alt={card.alt}
          width={LINK_CARD.width}
          height={LINK_CARD.height}
          className="block aspect-[1200/630] h-auto w-full bg-gray-100 object-cover object-center"
        />
        <figcaption className="grid gap-0.5 border-t border-gray-200 bg-gray-50 px-3 py-2.5">
          <span className="truncate text-xs tracking-wide text-gray-600 uppercase">{host ?? 'Your page’s address'}</span>
          <span className={title ? 'line-clamp-2 font-semibold text-gray-900' : 'font-semibold text-gray-600 italic'}>
            {title || 'Your title'}
          </span>
          {description && <span className="line-clamp-2 text-sm text-gray-700">{description}</span>}
        </figcaption>
      </figure>
    </section>
  );
}

/** The host of the page's public address, once it has one (a page being edited); null for a new page. */
function usePageHost(): string | null {
  const [params] = useSearchParams();
  const detail = useFormDetail(params.get('edit'));
  const url = detail.data?.publicUrl;
  if (!url) return null;
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
}

/** The card's picture: the cover (the browser's copy while it is not uploaded), or the drawn card as an SVG data: address. */
function useCardImage(config: FormConfig): { src: string; alt: string } {
  const design = config.design ?? DEFAULT_DESIGN;
  const cover = linkCardShowsCover(design) ? design.cover : null;
  const localCover = useContext(LocalImageUrls).get(cover?.id ?? '');
  const logo = useLogoDataUrl(cover ? null : design.logo);
  const alt = `Link preview picture: ${linkCardAlt({ ...config, title: config.title.trim() || 'Your title' })}`;
  const svg = useMemo(
    () =>
      cover
        ? ''
        : linkCardSvg({
            title: config.title.trim() || 'Your title',
            businessName: config.businessName,
            background: design.background,
            theme: designTheme(design),
            logo,
          }),
    [cover, config.title, config.businessName, design, logo],
  );
  if (cover) {
    const widths = widthsFor(cover.width);
    return { src: localCover ?? imageUrl(cover.id, widths.find((w) => w >= LINK_CARD.width) ?? widths[widths.length - 1]!), alt };
  }
  return { src: `data:image/svg+xml,${encodeURIComponent(svg)}`, alt };
}
