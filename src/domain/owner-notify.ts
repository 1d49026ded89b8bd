/**
 * How a page's owner hears about its new confirmed leads. The setting is the
 * owner's, not part of the published page: it applies at once, without publishing again.
 *
 *   PUT /api/forms/:id/notifications  body OwnerNotifyBody (forms-api.ts) -> FormDetail
 *
 * 'each': an email to the workspace's owners for every lead confirmed on the page; 'digest' (the
 * default): one email a day, at 08:05 UTC, about the 24 hours before; 'off': none.
 */
export const OWNER_NOTIFY = ['each', 'digest', 'off'] as const;
export type OwnerNotify = (typeof OWNER_NOTIFY)[number];
export const OWNER_NOTIFY_DEFAULT: OwnerNotify = 'digest';

export const OWNER_NOTIFY_LABELS: Record<OwnerNotify, string> = {
  each: 'An email for each new lead',
  digest: 'A daily digest',
  off: 'No emails',
};

export const isOwnerNotify = (value: unknown): value is OwnerNotify => OWNER_NOTIFY.includes(value as OwnerNotify);
