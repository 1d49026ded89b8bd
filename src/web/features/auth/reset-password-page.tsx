import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from '@/web/lib/router';
import { toast } from '@/web/lib/toast';
import { resetPasswordSchema } from '@/domain/auth';
import { PASSWORD_RESET_DONE_MESSAGE, RESET_LINK_INVALID_MESSAGE } from '@/domain/auth-errors';
import { FormAlert } from '@/web/components/form-alert';
import { TextField } from '@/web/components/text-field';
import { buttonVariants } from '@/web/components/ui/button';
import { Card, CardContent } from '@/web/components/ui/card';
import { authClient } from '@/web/lib/auth-client';
import { AuthPageShell } from './auth-page-shell';
import { callAuth, describeAuthError } from './auth-error';
import { BackToSignIn } from './back-to-sign-in';
import { SubmitButton } from './submit-button';

function InvalidResetLink() {
  return (
    <div className="grid gap-4">
      <FormAlert>{RESET_LINK_INVALID_MESSAGE}</FormAlert>
      <Link to="/forgot-password" className={buttonVariants({ className: 'w-full' })}>
        Request a new link
      </Link>
    </div>
  );
}

function ResetPasswordForm({ token, onInvalidToken }: { token: string; onInvalidToken: () => void }) {
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ password }) => {
    setServerError(null);
    const result = await callAuth(() => authClient.resetPassword({ newPassword: password, token }));
    if (!result.ok) {
      if (result.error.code === 'INVALID_TOKEN') return onInvalidToken();
      const failure = describeAuthError(result.error);
      if (failure.field) setError(failure.field, { message: failure.message });
      else setServerError(failure.message);
      return;
    }
    toast.success(PASSWORD_RESET_DONE_MESSAGE);
    navigate('/sign-in', { replace: true });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      {serverError && <FormAlert>{serverError}</FormAlert>}
      <TextField
        id="reset-password"
        label="New password"
        type="password"
        autoComplete="new-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <TextField
        id="reset-confirm-password"
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <SubmitButton pending={isSubmitting}>Reset password</SubmitButton>
    </form>
  );
}

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const [tokenRejected, setTokenRejected] = useState(false);
  const linkIsValid = Boolean(token) && params.get('error') !== 'INVALID_TOKEN' && !tokenRejected;

  return (
    <AuthPageShell
      documentTitle="Reset password"
      title="Set a new password"
      description="Choose a new password for your Lodestone account"
    >
      <Card className="shadow-lg shadow-indigo-100">
        <CardContent className="grid gap-6 p-6 sm:p-8">
          {linkIsValid && token ? (
            <ResetPasswordForm token={token} onInvalidToken={() => setTokenRejected(true)} />
          ) : (
            <InvalidResetLink />
          )}
          <div className="text-center">
            <BackToSignIn />
          </div>
        </CardContent>
      </Card>
    </AuthPageShell>
  );
}
