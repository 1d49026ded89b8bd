import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ConfirmButton } from '@/web/components/confirm-button';
import { Badge } from '@/web/components/ui/badge';
import { ErrorState } from '@/web/components/ui/error-state';
import { Skeleton } from '@/web/components/ui/skeleton';
import { callAuth, type AuthError } from '@/web/features/auth';
import { authClient } from '@/web/lib/auth-client';
import { failureMessage, Section } from './section';
import { formatMomentUs } from '@/domain/us-english';

export const sessionsQueryKey = ['account', 'sessions'] as const;

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

export function SessionsCard({ currentToken }: { currentToken: string }) {
  const queryClient = useQueryClient();
  const sessions = useQuery({
    queryKey: sessionsQueryKey,
    queryFn: async () => {
      const result = await callAuth(() => authClient.listSessions());
      if (!result.ok) throw new Error(failureMessage(result.error));
      return result.data;
    },
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey });
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
                    Signed in {formatMomentUs(s.createdAt)}
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
