export { bumpDailyStats, bumpDailyStatsFrom, countedLeadColumns, type CountedLead, today, uncountLeads } from './daily-stats.js';
