export { bumpDailyStats, today } from './daily-stats.js';
