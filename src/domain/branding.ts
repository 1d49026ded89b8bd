import type { FormConfig } from './form-config';
import { PLANS, type PlanFeature, type PlanId } from './plans';

/**
 * The "Made with Lodestone" link at the bottom of a published page (docs/decisions/0044). Every page shows it
 * unless its workspace's plan has 'Remove Branding' (Pro, Business: plans.ts) and the page switches
 * it off (FormConfig.showBranding). The plan is read when the page is shown, not when it was saved:
 * a workspace back on Free shows the link again on every page, and again hides it on upgrading.
 */

export const BADGE_TEXT = 'Made with Lodestone';
export const BRANDING_SWITCH_LABEL = 'Show “Made with Lodestone”';
/** The editor's note on a plan without 'Remove Branding', and the server's refusal to save the removal there. */
export const REMOVE_BRANDING_NEEDS_PRO = 'Removing the Lodestone link needs Pro.';

const REMOVE_BRANDING: PlanFeature = 'Remove Branding';

/** Pro and Business: pages may go without the link. */
export const canRemoveBranding = (plan: PlanId): boolean =>
  (PLANS[plan].features as readonly PlanFeature[]).includes(REMOVE_BRANDING);

/** Whether a page shows the link: always on a plan without 'Remove Branding', else unless the page switched it off. */
export const showsBadge = (plan: PlanId, config: Pick<FormConfig, 'showBranding'>): boolean =>
  // `!== false`: a config saved before the setting existed has none, and shows the link.
  !canRemoveBranding(plan) || config.showBranding !== false;

/** Where the link goes: Lodestone's home page (APP_URL), tagged so visits from published pages can be told apart. */
export const badgeUrl = (appOrigin: string): string => `${appOrigin}/?ref=badge`;
