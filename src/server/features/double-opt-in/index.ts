export { confirmLink, renewConfirmation } from './confirm-link.js';
export { resendCode } from './resend-code.js';
export { doubleOptInRoutes } from './routes.js';
export { verifyCode } from './verify-code.js';
