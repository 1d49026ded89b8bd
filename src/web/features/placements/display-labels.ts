import type { PlacementDisplay } from '@/domain/placements';

/** Display names, in the order the "Add placement" menu offers them. */
export const DISPLAY_LABELS: Record<PlacementDisplay, string> = {
  inline: 'Inline',
  popup: 'Popup',
  'slide-in': 'Slide-in',
  bar: 'Bar',
};
