import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { signUpSchema } from '@/domain/auth';
import { FormAlert } from '@/web/components/form-alert';
import { EmailField, TextField } from '@/web/components/text-field';
import { authClient } from '@/web/lib/auth-client';
import { useSearchParams } from '@/web/lib/router';
import { callAuth, describeAuthError } from './auth-error';
import { SubmitButton } from './submit-button';

const VERIFY_EMAIL_MESSAGE = 'Your account has been created. Check your email for a link to verify your address, then sign in.';

export function SignUpForm({ onSignedIn }: { onSignedIn: () => Promise<void> }) {
  const [serverError, setServerError] = useState<string | null>(null);
  const [awaitingVerification, setAwaitingVerification] = useState(false);
  // An invitation's link passes the invited address (features/team).
  const [params] = useSearchParams();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(signUpSchema),
    defaultValues: { name: '', email: params.get('email') ?? '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    const result = await callAuth(() => authClient.signUp.email(values));
    if (!result.ok) {
      const failure = describeAuthError(result.error);
      if (failure.field) setError(failure.field, { message: failure.message });
      else setServerError(failure.message);
      return;
    }
    // No session token means the server wants the address verified before the first sign-in.
    if (!result.data.token) {
      setAwaitingVerification(true);
      return;
    }
    await onSignedIn();
  });

  if (awaitingVerification) return <FormAlert tone="success">{VERIFY_EMAIL_MESSAGE}</FormAlert>;

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      {serverError && <FormAlert>{serverError}</FormAlert>}
      <TextField
        id="sign-up-name"
        label="Full Name"
        autoComplete="name"
        placeholder="Jane Cooper"
        error={errors.name?.message}
        {...register('name')}
      />
      <EmailField id="sign-up-email" error={errors.email?.message} {...register('email')} />
      <TextField
        id="sign-up-password"
        label="Password"
        type="password"
        autoComplete="new-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <SubmitButton pending={isSubmitting}>Sign Up</SubmitButton>
    </form>
  );
}
