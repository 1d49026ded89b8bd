import { useState } from 'react';
import { ROLE_DESCRIPTIONS, ROLE_LABELS } from '@/domain/team';
import { AuthPageShell } from '@/web/features/auth';
import { FormAlert } from '@/web/components/form-alert';
import { Button, buttonVariants } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Spinner } from '@/web/components/ui/spinner';
import { authClient } from '@/web/lib/auth-client';
import { Link, useParams } from '@/web/lib/router';
import { useAcceptInvitation, useInvitationPreview } from './api';

/** /invite/:token — the link of an invitation email: who invited you where, then sign up or in, and accept. */
export function InvitePage() {
  const { token = '' } = useParams();
  const preview = useInvitationPreview(token);
  const title = preview.data ? `Join ${preview.data.workspaceName}` : 'Your invitation';
  return (
    <AuthPageShell title={title} description="An invitation to a Lodestone workspace." documentTitle="Invitation">
      <Card className="grid gap-4 p-6">
        {preview.isPending ? (
          <Skeleton className="h-24" />
        ) : preview.isError ? (
          <FormAlert>
            This invitation link is not valid. Check that you copied the whole link, or ask for a new invitation.
          </FormAlert>
        ) : preview.data.state !== 'valid' ? (
          <FormAlert>
            {preview.data.state === 'expired'
              ? 'This invitation has expired. Ask the person who invited you for a new one.'
              : 'This invitation has already been used or was withdrawn. Ask for a new one if you still need access.'}
          </FormAlert>
        ) : (
          <>
            <p className="text-gray-800">
              {preview.data.invitedBy} invited <strong className="break-all">{preview.data.email}</strong> to join{' '}
              <strong>{preview.data.workspaceName}</strong> as {ROLE_LABELS[preview.data.role]}.
            </p>
            <p className="text-sm text-gray-600">{ROLE_DESCRIPTIONS[preview.data.role]}</p>
            <Answer token={token} email={preview.data.email} />
          </>
        )}
      </Card>
    </AuthPageShell>
  );
}

function Answer({ token, email }: { token: string; email: string }) {
  const { data: session, isPending } = authClient.useSession();
  const accept = useAcceptInvitation();
  const [error, setError] = useState<string | null>(null);
  const here = `/invite/${token}`;
  if (isPending) return <Skeleton className="h-10" />;
  if (!session)
    return (
      <div className="grid gap-2 sm:grid-cols-2">
        <Link
          className={buttonVariants()}
          to={`/sign-up?email=${encodeURIComponent(email)}&redirect=${encodeURIComponent(here)}`}
        >
          Sign up to accept
        </Link>
        <Link className={buttonVariants({ variant: 'outline' })} to={`/sign-in?redirect=${encodeURIComponent(here)}`}>
          I have an account
        </Link>
      </div>
    );
  const sameAddress = session.user.email.toLowerCase() === email.toLowerCase();
  return (
    <div className="grid gap-3">
      {!sameAddress && (
        <FormAlert>
          You are signed in as {session.user.email}. This invitation is for {email}: sign out and sign in (or sign up) with that
          address to accept it.
        </FormAlert>
      )}
      {error && <FormAlert>{error}</FormAlert>}
      <Button
        disabled={!sameAddress || accept.isPending}
        aria-busy={accept.isPending}
        onClick={() => {
          setError(null);
          accept.mutate(token, { onError: (err) => setError(err.message) });
        }}
      >
        {accept.isPending && <Spinner />}
        Accept invitation
      </Button>
    </div>
  );
}
