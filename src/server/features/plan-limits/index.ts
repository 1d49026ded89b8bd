export { isOverMonthlyLimit, monthlySignupsRow, noteVerifiedLead } from './monthly-signups.js';
