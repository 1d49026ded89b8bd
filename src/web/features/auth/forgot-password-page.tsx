import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { forgotPasswordSchema } from '@/domain/auth';
import { FORGOT_PASSWORD_SENT_MESSAGE } from '@/domain/auth-errors';
import { FormAlert } from '@/web/components/form-alert';
import { EmailField } from '@/web/components/text-field';
import { Card, CardContent } from '@/web/components/ui/card';
import { authClient } from '@/web/lib/auth-client';
import { useLocation } from '@/web/lib/router';
import { AuthPageShell } from './auth-page-shell';
import { callAuth, describeAuthError } from './auth-error';
import { BackToSignIn } from './back-to-sign-in';
import { SubmitButton } from './submit-button';

/** The address the sign-in form passed along, if any. */
function emailFromSignIn(state: unknown): string {
  const email = (state as { email?: unknown } | null)?.email;
  return typeof email === 'string' ? email : '';
}

export function ForgotPasswordPage() {
  const { state } = useLocation();
  const [sent, setSent] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: emailFromSignIn(state) } });

  const onSubmit = handleSubmit(async ({ email }) => {
    setServerError(null);
    const result = await callAuth(() => authClient.requestPasswordReset({ email, redirectTo: '/reset-password' }));
    // Whether the address has an account must not show, so every answer but "no answer" and
    // "slow down" reads the same.
    if (!result.ok && (result.error.status === 0 || result.error.status === 429)) {
      setServerError(describeAuthError(result.error).message);
      return;
    }
    setSent(true);
  });

  return (
    <AuthPageShell
      documentTitle="Forgot password"
      title="Forgot your password?"
      description="Enter your email and we will send you a link to reset it"
    >
      <Card className="shadow-lg shadow-indigo-100">
        <CardContent className="grid gap-6 p-6 sm:p-8">
          {sent ? (
            <FormAlert tone="success">{FORGOT_PASSWORD_SENT_MESSAGE}</FormAlert>
          ) : (
            <form noValidate onSubmit={onSubmit} className="grid gap-4">
              {serverError && <FormAlert>{serverError}</FormAlert>}
              <EmailField id="forgot-email" error={errors.email?.message} {...register('email')} />
              <SubmitButton pending={isSubmitting}>Send reset link</SubmitButton>
            </form>
          )}
          <div className="text-center">
            <BackToSignIn />
          </div>
        </CardContent>
      </Card>
    </AuthPageShell>
  );
}
