import { and, eq } from 'drizzle-orm';
import { ErrorCode } from '@/domain/api-errors';
import {
  EMAIL_TOOL_NAMES,
  MAILCHIMP_KEY_WITHOUT_DC,
  maskApiKey,
  type EmailToolLists,
  type EmailToolProvider,
  type EmailToolsSettings,
} from '@/domain/email-tools';
import type { Executor } from '@/server/db/client';
import { emailToolAccounts } from '@/server/db/schema/index';
import { HttpError, notFound } from '@/server/lib/http-errors';
import type { EmailToolsDeps, SealedEmailToolKey } from './deps.js';
import { kitApi } from './kit.js';
import { mailchimpApi } from './mailchimp.js';
import type { ProviderFailure } from './provider-http.js';

/** A provider's message as a sentence of ours: ending in a full stop, so ours can follow it. */
const asSentence = (message: string) => (/[.!?]$/.test(message.trim()) ? message.trim() : `${message.trim()}.`);

const rejected = (message: string) => new HttpError(422, ErrorCode.PROVIDER_REJECTED, message, { apiKey: message });

/** A failed check, as the owner API reports it: the key refused (422) or the provider out of reach (502). */
function connectError(provider: EmailToolProvider, failure: ProviderFailure): HttpError {
  const name = EMAIL_TOOL_NAMES[provider];
  if (failure.kind === 'unavailable' || failure.kind === 'rate_limited') {
    return new HttpError(
      502,
      ErrorCode.PROVIDER_UNAVAILABLE,
      `${name} could not be reached: ${asSentence(failure.message)} Try again in a moment.`,
    );
  }
  return rejected(`${name} refused this key: ${asSentence(failure.message)}`);
}

/** Asks the provider who the key belongs to; the account's name, or the reason it failed. */
async function checkKey(deps: EmailToolsDeps, provider: EmailToolProvider, apiKey: string): Promise<string> {
  if (provider === 'mailchimp') {
    const api = mailchimpApi(apiKey, deps.mailchimpApiUrl);
    if (!api) throw rejected(MAILCHIMP_KEY_WITHOUT_DC);
    const result = await api.account();
    if (!result.ok) throw connectError(provider, result);
    return String(result.value.account_name ?? '');
  }
  const result = await kitApi(apiKey, deps.kitApiUrl).account();
  if (!result.ok) throw connectError(provider, result);
  return String(result.value.account?.name ?? '');
}

/** Saves the key, sealed, once the provider has accepted it. Only the masked key and account name are kept in clear. */
export async function connectEmailTool(deps: EmailToolsDeps, workspaceId: string, provider: EmailToolProvider, apiKey: string) {
  const key = apiKey.trim();
  const accountName = await checkKey(deps, provider, key);
  const values = {
    sealed: deps.sealer.seal({ apiKey: key } satisfies SealedEmailToolKey),
    display: { maskedKey: maskApiKey(key), accountName },
    connectedAt: new Date(),
  };
  await deps.db
    .insert(emailToolAccounts)
    .values({ workspaceId, provider, ...values })
    .onConflictDoUpdate({ target: [emailToolAccounts.workspaceId, emailToolAccounts.provider], set: values });
}

export async function disconnectEmailTool(deps: EmailToolsDeps, workspaceId: string, provider: EmailToolProvider) {
  await deps.db
    .delete(emailToolAccounts)
    .where(and(eq(emailToolAccounts.workspaceId, workspaceId), eq(emailToolAccounts.provider, provider)));
}

export async function emailToolsSettings(deps: EmailToolsDeps, workspaceId: string): Promise<EmailToolsSettings> {
  const rows = await deps.db.select().from(emailToolAccounts).where(eq(emailToolAccounts.workspaceId, workspaceId));
  const connection = (provider: EmailToolProvider) => {
    const row = rows.find((r) => r.provider === provider);
    return row
      ? {
          maskedKey: row.display.maskedKey ?? '',
          accountName: row.display.accountName ?? '',
          connectedAt: row.connectedAt.toISOString(),
        }
      : null;
  };
  return { mailchimp: { connection: connection('mailchimp') }, kit: { connection: connection('kit') } };
}

/** The workspace's decrypted key for one tool, or undefined when it is not connected. */
export async function loadApiKey(
  deps: Pick<EmailToolsDeps, 'sealer'>,
  db: Executor,
  workspaceId: string,
  provider: EmailToolProvider,
): Promise<string | undefined> {
  const [row] = await db
    .select({ sealed: emailToolAccounts.sealed })
    .from(emailToolAccounts)
    .where(and(eq(emailToolAccounts.workspaceId, workspaceId), eq(emailToolAccounts.provider, provider)));
  return row ? deps.sealer.open<SealedEmailToolKey>(row.sealed).apiKey : undefined;
}

/** Where leads can go in the connected tool: Mailchimp audiences, Kit forms and tags. 404 when not connected. */
export async function emailToolLists(
  deps: EmailToolsDeps,
  workspaceId: string,
  provider: EmailToolProvider,
): Promise<EmailToolLists> {
  const apiKey = await loadApiKey(deps, deps.db, workspaceId, provider);
  if (!apiKey) throw notFound(`A ${EMAIL_TOOL_NAMES[provider]} connection`);
  if (provider === 'mailchimp') {
    const api = mailchimpApi(apiKey, deps.mailchimpApiUrl);
    if (!api) throw rejected(MAILCHIMP_KEY_WITHOUT_DC);
    const result = await api.lists();
    if (!result.ok) throw connectError(provider, result);
    return {
      provider,
      audiences: (result.value.lists ?? []).map((l) => ({
        id: l.id,
        name: l.name,
        doubleOptIn: l.double_optin === true,
        memberCount: l.stats?.member_count ?? 0,
      })),
    };
  }
  const api = kitApi(apiKey, deps.kitApiUrl);
  const [forms, tags] = await Promise.all([api.forms(), api.tags()]);
  if (!forms.ok) throw connectError(provider, forms);
  if (!tags.ok) throw connectError(provider, tags);
  const pick = (items: Array<{ id: number; name: string }>) => items.map(({ id, name }) => ({ id, name }));
  return { provider, forms: pick(forms.value), tags: pick(tags.value) };
}
