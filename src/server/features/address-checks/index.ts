export { isDisposableDomain } from './disposable.js';
export {
  CANARY_DOMAIN,
  createDeliverability,
  type Deliverability,
  type DeliverabilityCheck,
  mailResolver,
  type MailResolver,
} from './deliverable.js';
