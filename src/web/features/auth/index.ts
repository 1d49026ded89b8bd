// The screens (*-page.tsx) are not exported here: the router loads each as a chunk of its own
// (src/web/app/screens.ts), and a feature importing this index would evaluate them with it.
export { AuthCard } from './auth-card';
export { SubmitButton } from './submit-button';
export { AuthPageShell } from './auth-page-shell';
export { type AuthError, callAuth, describeAuthError } from './auth-error';
