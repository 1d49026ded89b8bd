import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import type { FastifyBaseLogger } from 'fastify';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@/domain/auth';
import type { Config } from '@/server/config';
import type { Db } from '@/server/db/client';
import * as schema from '@/server/db/schema/index';
import { queueEmail } from '@/server/features/mail/index';
import { ensureWorkspace } from '@/server/features/workspaces/index';

/** What a better-auth email-verification token (a JWT it signed) is for: its payload's requestType. */
function tokenPurpose(token: string): unknown {
  try {
    return (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { requestType?: unknown }).requestType;
  } catch {
    return undefined;
  }
}

/** The header through which the Fastify bridge hands better-auth the client's address. */
export const CLIENT_IP_HEADER = 'x-lodestone-client-ip';
const RESET_LINK_MINUTES = 60;
const EMAIL_CHANGE_LINK_HOURS = 24;

/** Where better-auth's own messages go: the app's logger, whose serializers redact them. */
type AuthLog = Pick<FastifyBaseLogger, 'debug' | 'info' | 'warn' | 'error'>;

/** better-auth's cookie prefix: `__Host-` on https (see `advanced` below). */
const cookiePrefix = (config: Pick<Config, 'appUrl'>) =>
  config.appUrl.protocol === 'https:' ? '__Host-better-auth' : 'better-auth';

/** The name of the cookie that carries an owner's session (its presence is not proof of one). */
export const sessionCookieName = (config: Pick<Config, 'appUrl'>) => `${cookiePrefix(config)}.session_token`;

export function createAuth(config: Config, db: Db, log?: AuthLog) {
  const https = config.appUrl.protocol === 'https:';
  return betterAuth({
    appName: 'Lodestone',
    baseURL: config.appUrl.origin,
    basePath: '/api/auth',
    secret: config.secret,
    trustedOrigins: [config.appUrl.origin],
    telemetry: { enabled: false },
    logger: {
      level: 'error',
      // Not to the console: its errors carry failed queries with their parameters (an owner's email).
      ...(log && {
        log: (level: 'debug' | 'info' | 'warn' | 'error', message: string, ...args: unknown[]) => {
          const err = args.find((arg) => arg instanceof Error);
          log[level](err ? { err } : {}, `better-auth: ${message}`);
        },
      }),
    },
    database: drizzleAdapter(db, {
      provider: 'pg',
      transaction: true,
      schema: {
        user: schema.users,
        session: schema.sessions,
        account: schema.accounts,
        verification: schema.verifications,
        rateLimit: schema.rateLimits,
      },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      resetPasswordTokenExpiresIn: RESET_LINK_MINUTES * 60,
      revokeSessionsOnPasswordReset: true,
      // Awaited by better-auth: the visitor is told the email is on its way only once the job is stored.
      sendResetPassword: async ({ user, url }) => {
        await queueEmail(db, {
          template: 'passwordReset',
          to: user.email,
          props: { name: user.name, url, expiresInMinutes: RESET_LINK_MINUTES },
        });
      },
    },
    // A new address is confirmed by a link sent to it (features/account); nothing else sends
    // verification emails: sign-up does not ask for one.
    user: { changeEmail: { enabled: true } },
    emailVerification: {
      sendOnSignUp: false,
      expiresIn: EMAIL_CHANGE_LINK_HOURS * 3600,
      sendVerificationEmail: async ({ user, url, token }) => {
        if (tokenPurpose(token) !== 'change-email-verification') return; // sign-up verification is not used
        await queueEmail(db, {
          template: 'emailChange',
          to: user.email,
          props: { name: user.name, newEmail: user.email, url, expiresInHours: EMAIL_CHANGE_LINK_HOURS },
        });
      },
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 100,
      customRules: {
        '/sign-in/email': { window: 60, max: 10 },
        // Counted by the auth routes instead, in fixed windows (routes.ts SIGN_UP_RULE).
        '/sign-up/email': false,
        '/request-password-reset': { window: 60, max: 5 },
        '/change-email': { window: 60, max: 5 },
        '/change-password': { window: 60, max: 10 },
        '/reset-password': { window: 60, max: 10 },
        // The app asks who is signed in on every page load: limiting it would sign people out.
        '/get-session': false,
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // Refuse cookie-carrying writes from any origin but the app's, in tests too (better-auth skips
      // the check under NODE_ENV=test by default); the app face's sameOriginWrites hook does the same.
      disableOriginCheck: false,
      // On https every cookie is `__Host-` (Secure, Path=/, no Domain): no other host, not even a
      // sibling such as pages.example.com, can set a cookie the app would read (docs/decisions/0011).
      // better-auth's own switch only gives `__Secure-`, which a sibling host can still set.
      useSecureCookies: false,
      cookiePrefix: cookiePrefix(config),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', path: '/', secure: https },
    },
    // No plugins: the organization plugin's endpoints (members, invitations, roles) stay unmounted
    // until teams are built; workspaces are created and checked by features/workspaces.
    databaseHooks: {
      user: {
        create: {
          after: async (user) => {
            await ensureWorkspace(db, user);
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
