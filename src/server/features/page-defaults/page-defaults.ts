import { and, eq, isNull } from 'drizzle-orm';
import { addressChecksOf } from '@/domain/address-checks';
import { CAPTCHA_CHOICES, type CaptchaChoice } from '@/domain/captcha';
import { addressChecksSchema, DEFAULT_ADDRESS_CHECKS, type AddressChecks, type FormConfig } from '@/domain/form-config';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@/domain/i18n/languages';
import type { PageDefaults, PageDefaultsInput } from '@/domain/page-defaults';
import type { Executor } from '@/server/db/client';
import { organizations } from '@/server/db/schema/index';
import { notFound } from '@/server/lib/http-errors';

const COLUMNS = {
  privacyPolicyUrl: organizations.privacyPolicyUrl,
  pageLanguage: organizations.pageLanguage,
  pageAddressChecks: organizations.pageAddressChecks,
  pageCaptcha: organizations.pageCaptcha,
};

type DefaultsRow = {
  privacyPolicyUrl: string | null;
  pageLanguage: string | null;
  pageAddressChecks: AddressChecks | null;
  pageCaptcha: string | null;
};

const isCaptchaChoice = (value: string | null): value is CaptchaChoice =>
  (CAPTCHA_CHOICES as readonly (string | null)[]).includes(value);

const asDefaults = (row: DefaultsRow): PageDefaults => ({
  privacyPolicyUrl: row.privacyPolicyUrl ?? '',
  language: isLanguage(row.pageLanguage) ? row.pageLanguage : DEFAULT_LANGUAGE,
  // Read through the page's own schema, so a check added later starts at its default.
  addressChecks: addressChecksSchema.safeParse(row.pageAddressChecks ?? {}).data ?? { ...DEFAULT_ADDRESS_CHECKS },
  captcha: isCaptchaChoice(row.pageCaptcha) ? row.pageCaptcha : 'off',
});

/** What the workspace's new pages start from (contract: src/domain/page-defaults.ts). */
export async function pageDefaults(db: Executor, workspaceId: string): Promise<PageDefaults> {
  const [row] = await db.select(COLUMNS).from(organizations).where(eq(organizations.id, workspaceId));
  if (!row) throw notFound('This workspace');
  return asDefaults(row);
}

/** Changes what `defaults` names; a default it leaves out stays as it was. */
export async function setPageDefaults(db: Executor, workspaceId: string, defaults: PageDefaultsInput): Promise<PageDefaults> {
  const [row] = await db
    .update(organizations)
    .set({
      privacyPolicyUrl: defaults.privacyPolicyUrl === '' ? null : defaults.privacyPolicyUrl,
      ...(defaults.language ? { pageLanguage: defaults.language } : {}),
      ...(defaults.addressChecks ? { pageAddressChecks: defaults.addressChecks } : {}),
      ...(defaults.captcha ? { pageCaptcha: defaults.captcha } : {}),
    })
    .where(eq(organizations.id, workspaceId))
    .returning(COLUMNS);
  if (!row) throw notFound('This workspace');
  return asDefaults(row);
}

/**
 * A page being published gives a workspace that has no privacy-policy address its own, so the
 * owner never types it twice. A workspace that has one keeps it (the owner chose it).
 */
export async function adoptPrivacyPolicyUrl(db: Executor, workspaceId: string, url: string | undefined): Promise<void> {
  const address = (url ?? '').trim();
  if (address === '') return;
  await db
    .update(organizations)
    .set({ privacyPolicyUrl: address })
    .where(and(eq(organizations.id, workspaceId), isNull(organizations.privacyPolicyUrl)));
}

/**
 * Likewise the language: the first page published in a language other than the default gives a
 * workspace that never chose one its language, so the owner's next page starts in it.
 */
export async function adoptPageLanguage(db: Executor, workspaceId: string, language: Language | undefined): Promise<void> {
  if (!language || language === DEFAULT_LANGUAGE) return;
  await db
    .update(organizations)
    .set({ pageLanguage: language })
    .where(and(eq(organizations.id, workspaceId), isNull(organizations.pageLanguage)));
}

const sameChecks = (a: AddressChecks, b: AddressChecks) =>
  a.typos === b.typos && a.deliverable === b.deliverable && a.disposable === b.disposable;

/**
 * Likewise the address checks and the captcha, each on its own: the first page published with
 * other checks than Lodestone's, or with a captcha, gives a workspace that never chose them its
 * choice. A page published as Lodestone's defaults chooses nothing, so a later page still can.
 */
export async function adoptPageChecks(
  db: Executor,
  workspaceId: string,
  page: Pick<FormConfig, 'addressChecks' | 'captcha'>,
): Promise<void> {
  const checks = addressChecksOf(page);
  if (!sameChecks(checks, DEFAULT_ADDRESS_CHECKS)) {
    await db
      .update(organizations)
      .set({ pageAddressChecks: checks })
      .where(and(eq(organizations.id, workspaceId), isNull(organizations.pageAddressChecks)));
  }
  if (page.captcha && page.captcha !== 'off') {
    await db
      .update(organizations)
      .set({ pageCaptcha: page.captcha })
      .where(and(eq(organizations.id, workspaceId), isNull(organizations.pageCaptcha)));
  }
}
