import { createAuthClient } from 'better-auth/react';

// An explicit origin keeps better-auth from guessing the base URL from environment variables.
export const authClient = createAuthClient({ baseURL: window.location.origin });

export type AuthSession = typeof authClient.$Infer.Session;
