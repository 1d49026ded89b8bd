import { createLatch } from '@/web/lib/latch';

/**
 * Whether the header should show the account area, which brings the auth client and a session
 * request: when the server saw a session cookie on the document's request (`data-signed-in`, see
 * the server's spa.ts), or once any screen has loaded the auth client (signing in, a screen that
 * needs a session). Until then the header shows Sign in, and a signed-out visitor's page downloads
 * no auth code.
 */
const wanted = createLatch(typeof document !== 'undefined' && document.documentElement.hasAttribute('data-signed-in'));

/** Called by the auth client's module when it loads. */
export const authClientLoaded = () => wanted.set();

export const useAccountAreaWanted = () => wanted.useValue();
