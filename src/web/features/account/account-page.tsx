import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { ACCOUNT_DELETION_DAYS, type AccountDeletionBody, type AccountStatus } from '@/domain/account';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@/domain/auth';
import { RequireSession } from '@/web/app/require-session';
import { Breadcrumb } from '@/web/components/breadcrumb';
import { ConfirmButton } from '@/web/components/confirm-button';
import { FormAlert } from '@/web/components/form-alert';
import { PageHeading } from '@/web/components/page-heading';
import { TextField } from '@/web/components/text-field';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { ErrorState } from '@/web/components/ui/error-state';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Spinner } from '@/web/components/ui/spinner';
import { callAuth, describeAuthError, type AuthError } from '@/web/features/auth';
import { ApiError, apiFetch } from '@/web/lib/api';
import { authClient } from '@/web/lib/auth-client';
import { useSearchParams } from '@/web/lib/router';
import { useDocumentTitle } from '@/web/lib/use-document-title';

const formatTime = (value: Date | string) => new Date(value).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

const SESSIONS = ['account', 'sessions'] as const;

/** better-auth's answer for a wrong current password, in words; everything else as sign-in describes it. */
const failureMessage = (error: AuthError) =>
  error.code === 'INVALID_PASSWORD' ? 'Your current password is not right.' : describeAuthError(error).message;

/** /settings/account — the signed-in person's name, email address, password and sessions. */
export function AccountPage() {
  useDocumentTitle('Account', 'Your name, email address, password and the devices signed in to your account.');
  return (
    <RequireSession>
      <div className="mx-auto flex w-full max-w-3xl min-w-0 flex-col gap-6 px-4 py-8 sm:gap-8 sm:px-6 sm:py-10 lg:px-8">
        <Breadcrumb current="Account" />
        <PageHeading title="Account" subtitle="Your name, email address, password and the devices signed in to your account." />
        <AccountSections />
      </div>
    </RequireSession>
  );
}

function AccountSections() {
  const { data: session } = authClient.useSession();
  if (!session) return <Skeleton className="h-64" />;
  return (
    <>
      <NameCard name={session.user.name} />
      <EmailCard email={session.user.email} />
      <PasswordCard />
      <SessionsCard currentToken={session.session.token} />
      <DeleteAccountCard email={session.user.email} />
    </>
  );
}

function Section({ id, title, description, children }: { id: string; title: string; description: string; children: ReactNode }) {
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
function useAuthForm() {
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

function Outcome({ outcome }: { outcome: ReturnType<typeof useAuthForm>['outcome'] }) {
  return outcome ? <FormAlert tone={outcome.tone}>{outcome.message}</FormAlert> : null;
}

function NameCard({ name: current }: { name: string }) {
  const [name, setName] = useState(current);
  const form = useAuthForm();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const trimmed = name.trim();
    if (trimmed.length === 0 || trimmed.length > 100) return form.fail('Enter your name (at most 100 characters).');
    void form.run(() => authClient.updateUser({ name: trimmed }), 'Your name is saved.');
  };
  return (
    <Section id="account-name" title="Name" description="Shown to your team and in the emails Lodestone sends you.">
      <form noValidate onSubmit={submit} className="grid gap-3">
        <Outcome outcome={form.outcome} />
        <TextField
          id="account-name-field"
          label="Full Name"
          autoComplete="name"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <div>
          <Button type="submit" disabled={form.pending} aria-busy={form.pending}>
            {form.pending && <Spinner />}
            Save name
          </Button>
        </div>
      </form>
    </Section>
  );
}

function EmailCard({ email }: { email: string }) {
  const [params] = useSearchParams();
  const [newEmail, setNewEmail] = useState('');
  const form = useAuthForm();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const wanted = newEmail.trim().toLowerCase();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(wanted)) return form.fail('Enter a valid email address.');
    if (wanted === email.toLowerCase()) return form.fail('That is already your email address.');
    void form.run(
      () => authClient.changeEmail({ newEmail: wanted, callbackURL: '/settings/account?email=changed' }),
      `We sent a link to ${wanted}. Your address changes when you open it; until then you sign in as ${email}.`,
      () => setNewEmail(''),
    );
  };
  return (
    <Section id="account-email" title="Email address" description={`You sign in as ${email}.`}>
      {params.get('email') === 'changed' && <FormAlert tone="success">Your email address is now {email}.</FormAlert>}
      <form noValidate onSubmit={submit} className="grid gap-3">
        <Outcome outcome={form.outcome} />
        <TextField
          id="account-new-email"
          label="New email address"
          type="email"
          autoComplete="email"
          value={newEmail}
          onChange={(e) => setNewEmail(e.target.value)}
        />
        <div>
          <Button type="submit" disabled={form.pending} aria-busy={form.pending}>
            {form.pending && <Spinner />}
            Send confirmation link
          </Button>
        </div>
      </form>
    </Section>
  );
}

function PasswordCard() {
  const queryClient = useQueryClient();
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [revokeOtherSessions, setRevoke] = useState(true);
  const form = useAuthForm();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!currentPassword) return form.fail('Enter your current password.');
    if (newPassword.length < PASSWORD_MIN_LENGTH || newPassword.length > PASSWORD_MAX_LENGTH)
      return form.fail(`Choose a new password of ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters.`);
    void form.run(
      () => authClient.changePassword({ currentPassword, newPassword, revokeOtherSessions }),
      revokeOtherSessions ? 'Your password is changed, and every other device is signed out.' : 'Your password is changed.',
      () => {
        setCurrent('');
        setNew('');
        // This device got a new session, and the others may be gone: the list is read again.
        void queryClient.invalidateQueries({ queryKey: SESSIONS });
      },
    );
  };
  return (
    <Section id="account-password" title="Password" description="Change it whenever you like; you stay signed in here.">
      <form noValidate onSubmit={submit} className="grid gap-3">
        <Outcome outcome={form.outcome} />
        <TextField
          id="account-current-password"
          label="Current password"
          type="password"
          autoComplete="current-password"
          value={currentPassword}
          onChange={(e) => setCurrent(e.target.value)}
        />
        <TextField
          id="account-new-password"
          label="New password"
          type="password"
          autoComplete="new-password"
          value={newPassword}
          onChange={(e) => setNew(e.target.value)}
        />
        <div className="flex items-center gap-2">
          <input
            id="account-revoke-others"
            type="checkbox"
            className="size-4 rounded border-gray-300 accent-indigo-600"
            checked={revokeOtherSessions}
            onChange={(e) => setRevoke(e.target.checked)}
          />
          <label htmlFor="account-revoke-others" className="text-sm text-gray-700">
            Sign out every other device
          </label>
        </div>
        <div>
          <Button type="submit" disabled={form.pending} aria-busy={form.pending}>
            {form.pending && <Spinner />}
            Change password
          </Button>
        </div>
      </form>
    </Section>
  );
}

/** "Chrome on Linux" from a user agent, or the agent itself when it says nothing we know. */
function deviceOf(userAgent: string | null | undefined): string {
  if (!userAgent) return 'Unknown device';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrom(e|ium)\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : null;
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  return browser && system ? `${browser} on ${system}` : userAgent.slice(0, 60);
}

function SessionsCard({ currentToken }: { currentToken: string }) {
  const queryClient = useQueryClient();
  const sessions = useQuery({
    queryKey: SESSIONS,
    queryFn: async () => {
      const result = await callAuth(() => authClient.listSessions());
      if (!result.ok) throw new Error(failureMessage(result.error));
      return result.data;
    },
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: SESSIONS });
  const end = async (request: () => Promise<{ data: unknown; error: AuthError | null }>) => {
    const result = await callAuth(request);
    if (!result.ok) throw new Error(failureMessage(result.error));
    await refresh();
  };
  const others = sessions.data?.filter((s) => s.token !== currentToken) ?? [];
  return (
    <Section
      id="account-sessions"
      title="Signed-in devices"
      description="Every browser signed in to your account. End any you do not recognise."
    >
      {sessions.isPending ? (
        <Skeleton className="h-24" />
      ) : sessions.isError ? (
        <ErrorState title="Could not load your devices" error={sessions.error} onRetry={() => void sessions.refetch()} />
      ) : (
        <>
          <ul className="divide-y divide-gray-200 rounded-lg border border-gray-200" aria-label="Signed-in devices">
            {sessions.data.map((s) => (
              <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
                <div className="grid min-w-0 gap-0.5">
                  <p className="flex flex-wrap items-center gap-2 font-medium text-gray-900">
                    {deviceOf(s.userAgent)}
                    {s.token === currentToken && <Badge variant="success">This device</Badge>}
                  </p>
                  <p className="text-xs text-gray-600">
                    Signed in {formatTime(s.createdAt)}
                    {s.ipAddress ? ` · ${s.ipAddress}` : ''}
                  </p>
                </div>
                {s.token !== currentToken && (
                  <ConfirmButton
                    size="sm"
                    title="Sign out this device?"
                    description="It will need your password to get back in."
                    confirmLabel="Sign out device"
                    pendingLabel="Signing out..."
                    action={() => end(() => authClient.revokeSession({ token: s.token }))}
                    successMessage="Device signed out"
                  >
                    Sign out<span className="sr-only"> {deviceOf(s.userAgent)}</span>
                  </ConfirmButton>
                )}
              </li>
            ))}
          </ul>
          {others.length > 0 && (
            <div>
              <ConfirmButton
                size="sm"
                title="Sign out every other device?"
                description="Every browser but this one will need your password to get back in."
                confirmLabel="Sign out everywhere else"
                pendingLabel="Signing out..."
                action={() => end(() => authClient.revokeOtherSessions())}
                successMessage="Every other device is signed out"
              >
                Sign out everywhere else
              </ConfirmButton>
            </div>
          )}
        </>
      )}
    </Section>
  );
}

const ACCOUNT = ['account', 'status'] as const;
const formatDay = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'long' });

/** Deleting the account: typed confirmation and password, then ACCOUNT_DELETION_DAYS in which it can be kept. */
function DeleteAccountCard({ email }: { email: string }) {
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: ACCOUNT, queryFn: () => apiFetch<AccountStatus>('/api/account') });
  const schedule = useMutation({
    mutationFn: (body: AccountDeletionBody) => apiFetch<AccountStatus>('/api/account/deletion', { method: 'POST', json: body }),
    onSuccess: (data) => queryClient.setQueryData(ACCOUNT, data),
  });
  const keep = useMutation({
    mutationFn: () => apiFetch<AccountStatus>('/api/account/deletion', { method: 'DELETE' }),
    onSuccess: (data) => queryClient.setQueryData(ACCOUNT, data),
  });
  const [confirm, setConfirm] = useState('');
  const [password, setPassword] = useState('');
  const errors = schedule.error instanceof ApiError ? schedule.error.errors : {};
  const description = `Your account and the workspaces you alone own are deleted ${ACCOUNT_DELETION_DAYS} days after you ask, with their pages, leads and files. Until then you can keep it.`;
  return (
    <Section id="account-delete" title="Delete account" description={description}>
      {status.isPending ? (
        <Skeleton className="h-24" />
      ) : status.isError ? (
        <ErrorState title="Could not load your account" error={status.error} onRetry={() => void status.refetch()} />
      ) : status.data.deletionDueAt ? (
        <div className="grid gap-3">
          <FormAlert>
            Your account will be deleted on {formatDay(status.data.deletionDueAt)}
            {status.data.workspacesDeleted.length > 0 && `, with ${status.data.workspacesDeleted.map((w) => w.name).join(', ')}`}.
          </FormAlert>
          <div>
            <Button onClick={() => keep.mutate()} disabled={keep.isPending} aria-busy={keep.isPending}>
              {keep.isPending && <Spinner />}
              Keep my account
            </Button>
          </div>
        </div>
      ) : (
        <form
          noValidate
          className="grid gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            schedule.mutate({ confirm, password });
          }}
        >
          {status.data.workspacesDeleted.length > 0 && (
            <div className="text-sm text-gray-700">
              <p>Deleted with your account, as you are their only owner:</p>
              <ul className="mt-1 list-disc pl-5">
                {status.data.workspacesDeleted.map((w) => (
                  <li key={w.id}>
                    {w.name} ({w.members} {w.members === 1 ? 'member' : 'members'})
                  </li>
                ))}
              </ul>
              <p className="mt-1">To keep one, make someone else its owner in Team first.</p>
            </div>
          )}
          {schedule.error && !(schedule.error instanceof ApiError && Object.keys(errors).length > 0) && (
            <FormAlert>{schedule.error.message}</FormAlert>
          )}
          <TextField
            id="account-delete-confirm"
            label={`Type ${email} to confirm`}
            autoComplete="off"
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
            error={errors.confirm}
          />
          <TextField
            id="account-delete-password"
            label="Your password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={errors.password}
          />
          <div>
            <Button
              type="submit"
              variant="outline"
              className="text-red-700"
              disabled={schedule.isPending}
              aria-busy={schedule.isPending}
            >
              {schedule.isPending && <Spinner />}
              Delete my account in {ACCOUNT_DELETION_DAYS} days
            </Button>
          </div>
        </form>
      )}
    </Section>
  );
}
