import type { AbVariant } from '@/domain/ab-variants';
import { LINK_CARD, linkCardAlt, linkCardPath, linkCardShowsCover, linkIconPath } from '@/domain/link-card';
import { richTextPlain } from '@/domain/rich-text';
import type { LiveForm } from '@/server/features/submissions';
import type { DocumentOptions } from './document.js';

/**
 * What a published page's document says about itself to search results and link previews
 * (docs/product.md#link-previews): its title, its description's words without their Markdown (or
 * the title), its address, and its card and favicon at this version's addresses (link-card.ts).
 * `form` carries the config its visitor sees (variant B's own, under a test).
 */
export function pageLinkPreview(
  form: LiveForm,
  variant: AbVariant | null | undefined,
  publicOrigin: string,
): Pick<DocumentOptions, 'title' | 'description' | 'url' | 'preview'> {
  const { config } = form;
  const cover = linkCardShowsCover(config.design);
  const businessName = config.businessName.trim();
  return {
    title: config.title,
    description: richTextPlain(config.description ?? '') || config.title,
    url: `${publicOrigin}/f/${form.id}`,
    preview: {
      image: {
        url: `${publicOrigin}${linkCardPath(form.id, form.version, variant, cover)}`,
        type: cover ? 'image/jpeg' : 'image/png',
        ...LINK_CARD,
        alt: linkCardAlt(config),
      },
      siteName: businessName || undefined,
      icon: config.design?.logo ? linkIconPath(form.id, form.version, variant) : undefined,
    },
  };
}
