import { useSyncExternalStore } from 'react';

/**
 * Whether the header should show the account area, which brings the auth client and a session
 * request: when the server saw a session cookie on the document's request (`data-signed-in`, see
 * the server's spa.ts), or once any screen has loaded the auth client (signing in, a screen that
 * needs a session). Until then the header shows Sign in, and a signed-out visitor's page downloads
 * no auth code.
 */
let wanted = typeof document !== 'undefined' && document.documentElement.hasAttribute('data-signed-in');
const listeners = new Set<() => void>();

/** Called by the auth client's module when it loads. */
export function authClientLoaded() {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useAccountAreaWanted(): boolean {
  return useSyncExternalStore(subscribe, () => wanted);
}
