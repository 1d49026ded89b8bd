import type { ConversionSendStatus } from '@/domain/conversions';

const whenFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export const formatWhen = (iso: string) => whenFormat.format(new Date(iso));

export const STATUS_LABELS: Record<ConversionSendStatus, string> = { pending: 'Waiting', sent: 'Sent', failed: 'Failed' };
export const STATUS_VARIANTS = { pending: 'warning', sent: 'success', failed: 'danger' } as const;
