import { formatMoney } from '@/domain/money';
import type { Revenue } from '@/domain/payments';

/** Display formats of the dashboard, in the visitor's locale. */

const countFormat = new Intl.NumberFormat();
const percentFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });

export const formatCount = (value: number): string => countFormat.format(value);

/** The API sends percents (12.5 means 12.5 %), one decimal. */
export const formatPercent = (value: number): string => `${percentFormat.format(value)}%`;

export const formatDate = (iso: string): string => new Date(iso).toLocaleDateString();

export const displayName = (name: string): string => name.trim() || 'Untitled form';

const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export const formatDateTime = (iso: string): string => dateTimeFormat.format(new Date(iso));

const shortThisYear = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
const shortOtherYear = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

/** For table cells: "Nov 22, 5:19 AM" this year, "Nov 22, 2025" before. */
export function formatShortDateTime(iso: string, now = new Date()): string {
  const date = new Date(iso);
  return (date.getFullYear() === now.getFullYear() ? shortThisYear : shortOtherYear).format(date);
}

// Made once: a formatter costs far more to make than to use, and a chart formats each of its days.
const dayFormat = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });
const longDayFormat = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A roll-up day (YYYY-MM-DD, a UTC calendar day) as a short date; `long` adds the weekday and year. */
export function formatDay(day: string, long = false): string {
  return (long ? longDayFormat : dayFormat).format(new Date(`${day}T00:00:00Z`));
}

/** Money taken per currency on one line: "$19.98 · €5.00". */
export const formatRevenue = (revenue: Revenue[]): string =>
  revenue.map(({ amount, currency }) => formatMoney(amount, currency)).join(' · ');
