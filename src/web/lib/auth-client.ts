import { createAuthClient } from 'better-auth/react';
import { authClientLoaded } from '@/web/app/account-hint';

// An explicit origin keeps better-auth from guessing the base URL from environment variables.
export const authClient = createAuthClient({ baseURL: window.location.origin });

export type AuthSession = typeof authClient.$Infer.Session;

// The header's account area can now follow the session (it loads nothing more).
authClientLoaded();
