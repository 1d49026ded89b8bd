import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from '@/web/lib/router';
import { signInSchema } from '@/domain/auth';
import { FormAlert } from '@/web/components/form-alert';
import { EmailField, TextField } from '@/web/components/text-field';
import { Button } from '@/web/components/ui/button';
import { authClient } from '@/web/lib/auth-client';
import { callAuth, describeAuthError } from './auth-error';
import { SubmitButton } from './submit-button';

export function SignInForm({ onSignedIn }: { onSignedIn: () => Promise<void> }) {
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(signInSchema), defaultValues: { email: '', password: '' } });

  // A server answer is about what was sent: it goes once the owner edits or submits again, so a stale
  // "Invalid email or password" never stands beside a new field error.
  const clearServerError = () => setServerError(null);
  const submit = handleSubmit(async (values) => {
    const result = await callAuth(() => authClient.signIn.email(values));
    if (!result.ok) {
      setServerError(describeAuthError(result.error).message);
      return;
    }
    await onSignedIn();
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    clearServerError();
    return submit(event);
  };

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      {serverError && <FormAlert>{serverError}</FormAlert>}
      <EmailField id="sign-in-email" error={errors.email?.message} {...register('email', { onChange: clearServerError })} />
      <TextField
        id="sign-in-password"
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        labelAction={
          <Button
            type="button"
            variant="link"
            size="sm"
            className="h-auto px-0 py-0 font-medium"
            // The address already typed here starts the reset form, so it is not typed twice.
            onClick={() => navigate('/forgot-password', { state: { email: getValues('email').trim() } })}
          >
            Forgot password?
          </Button>
        }
        {...register('password', { onChange: clearServerError })}
      />
      <SubmitButton pending={isSubmitting}>Sign In</SubmitButton>
    </form>
  );
}
