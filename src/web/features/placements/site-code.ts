import { type PlacementDisplay, type PlacementTrigger } from '@/domain/placements';

/** The few lines that let the site's own code talk to the loader before (and after) it has loaded. */
export const LODESTONE_STUB =
  'window.lodestone = window.lodestone || function(){(lodestone.q = lodestone.q || []).push(arguments)};';

/** The calls the site's own code may make, for this placement. */
export function siteCode(id: string): string {
  return [
    '<script>',
    `  ${LODESTONE_STUB}`,
    '  // Open it (any trigger):',
    `  lodestone('open', '${id}');`,
    '  // Once the visitor consents (your consent banner):',
    "  lodestone('consent', true);",
    '</script>',
  ].join('\n');
}

/** For a click trigger: any element with this attribute opens the placement. */
export const clickCode = (id: string) => `<a href="#" data-lodestone-open="${id}">Get the guide</a>`;

/** Whether the site's own code box shows the click attribute. */
export const showsClickCode = (display: PlacementDisplay, trigger: PlacementTrigger) =>
  display !== 'inline' && trigger === 'click';
