import { createAuthClient } from 'better-auth/react';
import { authClientLoaded } from '@/web/app/account-hint';
import { announceAuthClient, type SessionAtomValue } from '@/web/lib/auth-client-ready';

// An explicit origin keeps better-auth from guessing the base URL from environment variables.
export const authClient = createAuthClient({ baseURL: window.location.origin });

export type AuthSession = typeof authClient.$Infer.Session;

// The session store the screens read first (lib/session.ts) follows this client from now on.
announceAuthClient<AuthSession>({
  hydrateSession: (session) => authClient.hydrateSession(session),
  subscribeSession: (listener) =>
    void (
      authClient.$store.atoms.session as { subscribe(listener: (value: SessionAtomValue<AuthSession>) => void): unknown }
    ).subscribe(listener),
});

// The header's account area can now follow the session (it loads nothing more).
authClientLoaded();
