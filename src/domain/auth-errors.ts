/** Texts the web shows for auth outcomes that the server reports (better-auth error codes, HTTP 429). */
export const authErrorMessages = {
  userAlreadyExists: 'An account with this email already exists. Sign in instead.',
  invalidCredentials: 'Invalid email or password',
  tooManyAttempts: 'Too many attempts. Please wait a moment and try again.',
  network: 'Could not reach the server. Check your connection and try again.',
  unknown: 'Something went wrong. Please try again.',
} as const;

export const FORGOT_PASSWORD_SENT_MESSAGE = 'If an account exists for that email, we have sent a link to reset your password.';

export const RESET_LINK_INVALID_MESSAGE = 'This reset link is invalid or has expired.';

export const PASSWORD_RESET_DONE_MESSAGE = 'Your password has been reset. Sign in with your new password.';
