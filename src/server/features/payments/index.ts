export { connectedProviders, paymentProblems } from './accounts.js';
export { type CheckoutDeps, checkoutOrigins, startCheckout } from './checkout.js';
export { readPaymentChoice } from './choice.js';
export { latestPayments, revenue } from './ledger.js';
export { paymentsPublicRoutes } from './public-routes.js';
export { paymentsRoutes } from './routes.js';
export { STRIPE_WEBHOOK_TOLERANCE_SECONDS, stripeClient } from './stripe.js';
