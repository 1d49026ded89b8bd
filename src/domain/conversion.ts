/**
 * A conversion rate: leads per view, in percent rounded to one decimal (33.3), 0 without views. The
 * one formula behind every conversion rate the app shows: the dashboard's, each page's, its analytics'
 * and each A/B test variant's.
 */
export const conversionRate = (leads: number, views: number): number => (views > 0 ? Math.round((leads / views) * 1000) / 10 : 0);
