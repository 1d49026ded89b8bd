import { authErrorMessages } from '@/domain/auth-errors';
import { messages } from '@/domain/auth';

/** What better-auth's client returns in `error` (body `{code, message}` plus the HTTP status). */
export type AuthError = { status: number; code?: string; message?: string };

export type AuthFailure = { message: string; field?: 'password' };

/** status 0 marks a request that never got an answer (offline, server down). */
const NETWORK_FAILURE: AuthError = { status: 0 };

export type AuthResult<T> = { ok: true; data: T } | { ok: false; error: AuthError };

/**
 * Runs a better-auth client call and returns one discriminated shape, with a thrown network
 * failure turned into an error value.
 */
export async function callAuth<T>(request: () => Promise<{ data: T | null; error: AuthError | null }>): Promise<AuthResult<T>> {
  try {
    const { data, error } = await request();
    if (error) return { ok: false, error };
    if (data === null) return { ok: false, error: { status: 500 } };
    return { ok: true, data };
  } catch {
    return { ok: false, error: NETWORK_FAILURE };
  }
}

export function describeAuthError(error: AuthError): AuthFailure {
  if (error.status === 0) return { message: authErrorMessages.network };
  if (error.status === 429) return { message: authErrorMessages.tooManyAttempts };
  const code = error.code ?? '';
  if (code.startsWith('USER_ALREADY_EXISTS')) return { message: authErrorMessages.userAlreadyExists };
  if (code === 'INVALID_EMAIL_OR_PASSWORD') return { message: authErrorMessages.invalidCredentials };
  if (code === 'PASSWORD_TOO_SHORT') return { message: messages.passwordTooShort, field: 'password' };
  if (code === 'PASSWORD_TOO_LONG') return { message: messages.passwordTooLong, field: 'password' };
  return { message: error.message || authErrorMessages.unknown };
}
