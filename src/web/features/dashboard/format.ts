/** Display formats of the dashboard, in the visitor's locale. */

const countFormat = new Intl.NumberFormat();
const percentFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });

export const formatCount = (value: number): string => countFormat.format(value);

/** The API sends percents (12.5 means 12.5 %), one decimal. */
export const formatPercent = (value: number): string => `${percentFormat.format(value)}%`;

export const formatDate = (iso: string): string => new Date(iso).toLocaleDateString();

export const displayName = (name: string): string => name.trim() || 'Untitled form';
