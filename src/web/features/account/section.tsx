import { useState, type ReactNode } from 'react';
import { FormAlert } from '@/web/components/form-alert';
import { Card } from '@/web/components/ui/card';
import { callAuth, describeAuthError, type AuthError } from '@/web/features/auth';

/** better-auth's answer for a wrong current password, in words; everything else as sign-in describes it. */
export const failureMessage = (error: AuthError) =>
  error.code === 'INVALID_PASSWORD' ? 'Your current password is not right.' : describeAuthError(error).message;

/** One card of the account screen: a heading, a sentence, and what it holds. */
export function Section({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Card role="region" aria-labelledby={id} className="grid gap-4 p-4 sm:p-6">
      <div className="grid gap-1">
        <h2 id={id} className="text-lg font-semibold text-gray-900">
          {title}
        </h2>
        <p className="text-sm text-gray-600">{description}</p>
      </div>
      {children}
    </Card>
  );
}

/** A form's submit: its pending state, its outcome, and the better-auth call it makes. */
export function useAuthForm() {
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<{ tone: 'error' | 'success'; message: string } | null>(null);
  const run = async <T,>(
    request: () => Promise<{ data: T | null; error: AuthError | null }>,
    success: string,
    after?: () => void,
  ) => {
    setPending(true);
    setOutcome(null);
    const result = await callAuth(request);
    setPending(false);
    if (!result.ok) return setOutcome({ tone: 'error', message: failureMessage(result.error) });
    setOutcome({ tone: 'success', message: success });
    after?.();
  };
  return { pending, outcome, run, fail: (message: string) => setOutcome({ tone: 'error', message }) };
}

export function Outcome({ outcome }: { outcome: ReturnType<typeof useAuthForm>['outcome'] }) {
  return outcome ? <FormAlert tone={outcome.tone}>{outcome.message}</FormAlert> : null;
}
