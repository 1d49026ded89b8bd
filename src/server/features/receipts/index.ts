export { loadReceipt, queueReceipt, receiptUrl } from './receipt.js';
