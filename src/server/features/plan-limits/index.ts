export { isOverMonthlyLimit, monthlySignupsQuery, type MonthlySignupsRow, noteVerifiedLead } from './monthly-signups.js';
