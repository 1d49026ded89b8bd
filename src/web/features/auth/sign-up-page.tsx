import { AuthCard } from './auth-card';
import { AuthPageShell } from './auth-page-shell';

export function SignUpPage() {
  return (
    <AuthPageShell
      documentTitle="Sign up"
      title="Create your account"
      description="Start turning your lead magnets into subscribers"
    >
      <AuthCard defaultTab="signup" />
    </AuthPageShell>
  );
}
