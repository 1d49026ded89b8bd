export { AuthCard } from './auth-card';
export { ForgotPasswordPage } from './forgot-password-page';
export { ResetPasswordPage } from './reset-password-page';
export { SignInPage } from './sign-in-page';
export { SignUpPage } from './sign-up-page';
export { SubmitButton } from './submit-button';
