// The screens (*-page.tsx) are not exported here: the router loads each as a chunk of its own
// (src/web/app/screens.ts), and a feature importing this index would evaluate them with it.
export { paymentKeys, useFormPayments, usePaymentSettings } from './api';
export { stripeReadiness } from './stripe-connect-api';
