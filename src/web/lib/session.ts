import { useSyncExternalStore } from 'react';
import type { AuthSession } from '@/web/lib/auth-client';
import { whenAuthClient } from '@/web/lib/auth-client-ready';

/**
 * The owner's session for the screens' first paint (RequireSession, the header's account area),
 * without the auth client: one GET of better-auth's own endpoint. better-auth's client (30 KB,
 * 11 KB gzipped) downloads only when something needs more than this read: a screen that imports
 * it, signing out, or the tab coming back into view (where better-auth checks the session again).
 * Once loaded it takes over (it announces itself in auth-client-ready.ts) and this store mirrors
 * its session, so both always agree.
 */
export type SessionState = {
  data: AuthSession | null;
  error: { status: number; message: string } | null;
  isPending: boolean;
  isRefetching: boolean;
};

type Refetch = () => Promise<unknown>;

let state: SessionState = { data: null, error: null, isPending: true, isRefetching: false };
let refetchWith: Refetch | null = null;
let started = false;
const listeners = new Set<() => void>();

function set(next: SessionState) {
  state = next;
  for (const listener of listeners) listener();
}

async function fetchSession(): Promise<void> {
  // As better-auth does: without a session known, a new read is pending (a screen waits for it).
  set({ ...state, isPending: state.data === null, isRefetching: true, error: null });
  try {
    const response = await fetch('/api/auth/get-session', {
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    });
    if (refetchWith) return; // the auth client took over meanwhile
    if (!response.ok) {
      const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
      const message = typeof body?.message === 'string' ? body.message : response.statusText;
      set({ data: null, error: { status: response.status, message }, isPending: false, isRefetching: false });
      return;
    }
    const body = (await response.json()) as AuthSession | null;
    set({ data: body?.session && body.user ? body : null, error: null, isPending: false, isRefetching: false });
  } catch (error) {
    if (refetchWith) return;
    const message = error instanceof Error ? error.message : 'Network error';
    set({ data: null, error: { status: 0, message }, isPending: false, isRefetching: false });
  }
}

const loadAuthClient = () => import('@/web/lib/auth-client');

function start() {
  if (started) return;
  started = true;
  if (!refetchWith) void fetchSession();
  // better-auth checks the session again when the tab is shown: it takes over from then on.
  document.addEventListener('visibilitychange', function handover() {
    if (document.visibilityState !== 'visible') return;
    document.removeEventListener('visibilitychange', handover);
    void loadAuthClient();
  });
}

const subscribe = (listener: () => void) => {
  start();
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Settles once the session has been read (or failed to be): at once when it already has. */
export function sessionRead(): Promise<void> {
  start();
  return new Promise((resolve) => {
    const check = () => {
      if (state.isPending) return;
      listeners.delete(check);
      resolve();
    };
    listeners.add(check);
    check();
  });
}

/** The session as better-auth's `useSession()` gives it (data, error, isPending, isRefetching, refetch). */
export function useSession() {
  const current = useSyncExternalStore(subscribe, () => state);
  return { ...current, refetch: () => (refetchWith ? refetchWith() : fetchSession()) };
}

whenAuthClient<AuthSession>((client) => {
  // What this store read so far is better-auth's start.
  client.hydrateSession(state.data);
  let settled = false;
  client.subscribeSession((next) => {
    refetchWith = () => next.refetch();
    // better-auth starts pending: what this store read stands until better-auth has read its own.
    // From then on its every state counts, pending included (a sign-in's refetch is pending while
    // no session is known, and a screen that needs one must wait for it, not send to sign in).
    if (!next.isPending) settled = true;
    else if (!settled && !state.isPending) return;
    const error = next.error && { status: next.error.status, message: next.error.message ?? next.error.statusText ?? '' };
    set({ data: next.data, error, isPending: next.isPending, isRefetching: next.isRefetching });
  });
});

/** Signs out through better-auth (which tells its other tabs); resolves to its error, if any. */
export async function signOut(): Promise<{ message: string } | null> {
  const { authClient } = await loadAuthClient();
  const { error } = await authClient.signOut();
  return error ? { message: error.message ?? 'Could not sign out' } : null;
}
