export { isOverMonthlyLimit, noteVerifiedLead } from './monthly-signups.js';
