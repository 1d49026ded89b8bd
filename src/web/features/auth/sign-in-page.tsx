import { AuthCard } from './auth-card';
import { AuthPageShell } from './auth-page-shell';

export function SignInPage() {
  return (
    <AuthPageShell documentTitle="Sign in" title="Welcome back" description="Sign in to manage your forms and track conversions">
      <AuthCard defaultTab="signin" />
    </AuthPageShell>
  );
}
