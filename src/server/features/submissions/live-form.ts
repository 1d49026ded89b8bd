import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FormConfig } from '@/domain/form-config';
import type { Language } from '@/domain/i18n/languages';
import { isMultilingual, localizedConfig, visitorLanguage } from '@/domain/page-languages';
import type { PlanId } from '@/domain/plans';
import type { ConversionDestination } from '@/domain/conversions';
import type { Executor } from '@/server/db/client';
import { captchaAccounts, conversionAccounts, forms, organizations } from '@/server/db/schema';
import { isFormId } from '@/domain/ids';
import { createLiveFormCache, FORMS_CHANNEL, type LiveFormCache } from './live-form-cache.js';

/** A published, active page as visitors see it. */
export interface LiveForm {
  id: string;
  workspaceId: string;
  config: FormConfig;
  version: number;
  /** The workspace's plan, read with the page: what the page shows may depend on it (the Lodestone link). */
  plan: PlanId;
  /** When the page's A/B test started (ms since the epoch), null if none ever did: visitors are assigned without a read. */
  abTestStartedAt?: number | null;
  /** The site key of the captcha the page asks for, from its workspace's keys; null when it asks for none. */
  captchaSiteKey?: string | null;
  /** Where the workspace sends conversions from the server: the page's consent notice names them. */
  conversions?: ConversionDestination[];
}

const localized = new WeakMap<FormConfig, Map<Language, FormConfig>>();

/**
 * `form` as a visitor of `language` reads it (domain/page-languages.ts): the same page for a language
 * it does not speak. Made once per published config and language, so its documents stay cached.
 */
export function formInLanguage(form: LiveForm, language: Language): LiveForm {
  let byLanguage = localized.get(form.config);
  if (!byLanguage) {
    if (!isMultilingual(form.config)) return form;
    localized.set(form.config, (byLanguage = new Map()));
  }
  let config = byLanguage.get(language);
  if (!config) byLanguage.set(language, (config = localizedConfig(form.config, language)));
  return config === form.config ? form : { ...form, config };
}

// Per published config, the language each (link's ?lang=, Accept-Language) pair chose: browsers send a
// handful of distinct headers, and the choice is made on every view of the page.
const chosen = new WeakMap<FormConfig, Map<string, Language>>();
const MAX_CHOICES = 256;

/** `form` in the language a visitor asks for: by their link's `?lang=`, else their browser's Accept-Language. */
export function formForVisitor(form: LiveForm, asked: unknown, acceptLanguage: string | undefined): LiveForm {
  // A page in one language (most, and every page stored before pages had more) has nothing to choose.
  if (!(form.config.languages as Language[] | undefined)?.length || !isMultilingual(form.config)) return form;
  const link = typeof asked === 'string' ? asked : undefined;
  let choices = chosen.get(form.config);
  if (!choices) chosen.set(form.config, (choices = new Map()));
  const key = `${link ?? ''}\n${acceptLanguage ?? ''}`;
  let language = choices.get(key);
  if (!language) {
    language = visitorLanguage(form.config, link, acceptLanguage);
    if (choices.size >= MAX_CHOICES) choices.clear();
    choices.set(key, language);
  }
  return formInLanguage(form, language);
}

/** A page visitors may not use; one taken offline names its language, for the page that says so. */
export type LiveFormLookup = LiveForm | { status: 404 | 410; language?: Language };

const caches = new WeakMap<object, LiveFormCache<LiveFormLookup>>();

/**
 * Keeps `db`'s live-page lookups in memory, invalidated through LISTEN/NOTIFY on its own connection
 * (live-form-cache.ts). Lookups through a transaction are never cached.
 */
export function cacheLiveForms(
  db: Executor,
  connection: import('pg').ClientConfig,
  log?: { warn(obj: object, msg: string): void },
): LiveFormCache<LiveFormLookup> {
  const cache = createLiveFormCache<LiveFormLookup>(connection, log);
  caches.set(db, cache);
  const close = cache.close;
  return Object.assign(cache, {
    close: async () => {
      if (caches.get(db) === cache) caches.delete(db);
      await close();
    },
  });
}

/**
 * The page visitors may use, or why not: 404 (never published, no such page, or in the owner's
 * Recently deleted) or 410 (taken offline). Every visitor-facing lookup of a page goes through here.
 */
export async function loadLiveForm(db: Executor, id: string): Promise<LiveFormLookup> {
  if (!isFormId(id)) return { status: 404 };
  const cache = caches.get(db);
  return cache ? cache.load(id, () => readLiveForm(db, id)) : readLiveForm(db, id);
}

/** The live page's lookup if this server has it in memory now (the fast path's check), else undefined. */
export function peekLiveForm(db: Executor, id: string): LiveFormLookup | undefined {
  return caches.get(db)?.peek(id);
}

/**
 * A cached lookup carries its workspace's plan, which the trigger on `forms` knows nothing of:
 * whatever changes a workspace's plan calls this in the same transaction, and every server drops
 * the workspace's pages from memory when it commits (deleted ones included, so a restore is right too).
 */
export async function workspacePagesChanged(tx: Executor, workspaceId: string): Promise<void> {
  await tx.execute(
    sql`select pg_notify(${FORMS_CHANNEL}, ${forms.id}) from ${forms} where ${forms.workspaceId} = ${workspaceId}`,
  );
}

/** Resolves once this server has applied every page notification committed before the call (writers outside the API). */
export function liveFormsSynced(db: Executor): Promise<void> {
  return caches.get(db)?.synced() ?? Promise.resolve();
}

async function readLiveForm(db: Executor, id: string): Promise<LiveFormLookup> {
  const [form] = await db
    .select({
      id: forms.id,
      workspaceId: forms.workspaceId,
      config: forms.published,
      version: forms.publishedVersion,
      status: forms.status,
      plan: organizations.plan,
      abTestStartedAt: forms.abTestStartedAt,
      captchaSiteKey: sql<string | null>`(select ${captchaAccounts.siteKey} from ${captchaAccounts}
        where ${captchaAccounts.workspaceId} = ${forms.workspaceId} and ${captchaAccounts.provider} = ${forms.published}->>'captcha')`,
      conversions: sql<ConversionDestination[]>`array(select ${conversionAccounts.destination} from ${conversionAccounts}
        where ${conversionAccounts.workspaceId} = ${forms.workspaceId} order by ${conversionAccounts.destination})`,
    })
    .from(forms)
    // The same one-row read: the workspace by its primary key.
    .innerJoin(organizations, eq(organizations.id, forms.workspaceId))
    .where(and(eq(forms.id, id), isNull(forms.deletedAt)));
  if (!form || !form.config) return { status: 404 };
  if (form.status !== 'active') return { status: 410, language: form.config.language };
  return {
    id: form.id,
    workspaceId: form.workspaceId,
    config: form.config,
    version: form.version,
    plan: form.plan,
    abTestStartedAt: form.abTestStartedAt?.getTime() ?? null,
    captchaSiteKey: form.captchaSiteKey,
    conversions: form.conversions,
  };
}
