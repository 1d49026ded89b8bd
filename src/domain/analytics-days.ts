/** The days a page's analytics covers (its chart, its placements' figures): the last 30, in UTC. */
export const ANALYTICS_DAYS = 30;
