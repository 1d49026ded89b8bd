export { bumpDailyStats, bumpDailyStatsFrom, today } from './daily-stats.js';
