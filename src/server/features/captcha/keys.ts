import { and, eq, isNull, sql } from 'drizzle-orm';
import { CAPTCHA_NAMES, CAPTCHA_PROVIDERS, type CaptchaProvider } from '@/domain/captcha';
import {
  captchaPublishProblem,
  maskSecret,
  siteKeyProblem,
  type CaptchaSettings,
  type SaveCaptchaKeys,
} from '@/domain/captcha-api';
import type { FormConfig } from '@/domain/form-config';
import type { Executor } from '@/server/db/client';
import { captchaAccounts, forms } from '@/server/db/schema/index';
import { workspacePagesChanged } from '@/server/features/submissions';
import { conflict, notFound, validationError } from '@/server/lib/http-errors';
import type { CaptchaDeps, SealedCaptchaSecret } from './deps.js';

/**
 * Saves a workspace's keys for one provider, the secret sealed. Its pages that ask for this provider
 * show the new site key from now on: every server drops them from memory when this commits.
 */
export async function saveCaptchaKeys(deps: CaptchaDeps, workspaceId: string, provider: CaptchaProvider, keys: SaveCaptchaKeys) {
  const siteKey = keys.siteKey.trim();
  const problem = siteKeyProblem(provider, siteKey);
  if (problem) throw validationError({ siteKey: problem });
  const values = {
    siteKey,
    sealed: deps.sealer.seal({ secretKey: keys.secretKey.trim() } satisfies SealedCaptchaSecret),
    connectedAt: new Date(),
  };
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(captchaAccounts)
      .values({ workspaceId, provider, ...values })
      .onConflictDoUpdate({ target: [captchaAccounts.workspaceId, captchaAccounts.provider], set: values });
    await workspacePagesChanged(tx, workspaceId);
  });
}

/**
 * Forgets a provider's keys. Refused while a live page asks for that provider: it would go on without
 * the captcha its owner chose, saying nothing. Its captcha is turned off (or its keys replaced) first.
 */
export async function removeCaptchaKeys(deps: CaptchaDeps, workspaceId: string, provider: CaptchaProvider) {
  await deps.db.transaction(async (tx) => {
    const using = await tx
      .select({ title: sql<string>`${forms.published}->>'title'` })
      .from(forms)
      .where(
        and(
          eq(forms.workspaceId, workspaceId),
          isNull(forms.deletedAt),
          eq(forms.status, 'active'),
          sql`${forms.published}->>'captcha' = ${provider}`,
        ),
      )
      .limit(4);
    if (using.length > 0) {
      const titles = using.map((f) => `“${f.title || 'Untitled'}”`).join(', ');
      throw conflict(
        `Live pages ask for ${CAPTCHA_NAMES[provider]}: ${titles}. Turn their captcha off or replace these keys instead.`,
      );
    }
    const removed = await tx
      .delete(captchaAccounts)
      .where(and(eq(captchaAccounts.workspaceId, workspaceId), eq(captchaAccounts.provider, provider)))
      .returning({ provider: captchaAccounts.provider });
    if (removed.length === 0) throw notFound(`${CAPTCHA_NAMES[provider]} keys`);
    await workspacePagesChanged(tx, workspaceId);
  });
}

export async function captchaSettings(deps: CaptchaDeps, workspaceId: string): Promise<CaptchaSettings> {
  const rows = await deps.db.select().from(captchaAccounts).where(eq(captchaAccounts.workspaceId, workspaceId));
  const settings = Object.fromEntries(CAPTCHA_PROVIDERS.map((p) => [p, null])) as CaptchaSettings;
  for (const row of rows) {
    settings[row.provider] = {
      siteKey: row.siteKey,
      maskedSecret: maskSecret(deps.sealer.open<SealedCaptchaSecret>(row.sealed).secretKey),
      savedAt: row.connectedAt.toISOString(),
    };
  }
  return settings;
}

/** The workspace's secret for one provider, or undefined when it has no keys for it. */
export async function loadCaptchaSecret(
  deps: Pick<CaptchaDeps, 'sealer'>,
  db: Executor,
  workspaceId: string,
  provider: CaptchaProvider,
): Promise<{ siteKey: string; secretKey: string } | undefined> {
  const [row] = await db
    .select({ siteKey: captchaAccounts.siteKey, sealed: captchaAccounts.sealed })
    .from(captchaAccounts)
    .where(and(eq(captchaAccounts.workspaceId, workspaceId), eq(captchaAccounts.provider, provider)));
  return row ? { siteKey: row.siteKey, secretKey: deps.sealer.open<SealedCaptchaSecret>(row.sealed).secretKey } : undefined;
}

/** What stops `config` from being published for its captcha: the workspace lacks that provider's keys. */
export async function captchaProblems(db: Executor, workspaceId: string, config: FormConfig): Promise<{ captcha?: string }> {
  const choice = config.captcha;
  if (!choice || choice === 'off') return {};
  const [row] = await db
    .select({ provider: captchaAccounts.provider })
    .from(captchaAccounts)
    .where(and(eq(captchaAccounts.workspaceId, workspaceId), eq(captchaAccounts.provider, choice)));
  const problem = captchaPublishProblem(choice, row !== undefined);
  return problem ? { captcha: problem } : {};
}
