import { LANGUAGES, type Language } from './languages';
import type { Catalogue } from './translate';

// Each language's catalogue, loaded when first asked for: a browser downloads only the languages it
// shows (the creator's preview), the server loads them all once at boot.

type Loaded = Promise<{ default: Partial<Catalogue> }>;

const LOADERS: Record<Language, () => Loaded> = {
  en: () => import('./messages/en.json') as Loaded,
  de: () => import('./messages/de.json') as Loaded,
  fr: () => import('./messages/fr.json') as Loaded,
  es: () => import('./messages/es.json') as Loaded,
  it: () => import('./messages/it.json') as Loaded,
  'pt-BR': () => import('./messages/pt-BR.json') as Loaded,
  nl: () => import('./messages/nl.json') as Loaded,
  pl: () => import('./messages/pl.json') as Loaded,
  sv: () => import('./messages/sv.json') as Loaded,
  ja: () => import('./messages/ja.json') as Loaded,
  'zh-CN': () => import('./messages/zh-CN.json') as Loaded,
  ms: () => import('./messages/ms.json') as Loaded,
  ar: () => import('./messages/ar.json') as Loaded,
};

export async function loadCatalogue(language: Language): Promise<Partial<Catalogue>> {
  return (await LOADERS[language]()).default;
}

/** Every catalogue, by language (the server's, loaded once at boot). */
export async function loadAllCatalogues(): Promise<Record<Language, Partial<Catalogue>>> {
  const entries = await Promise.all(LANGUAGES.map(async ({ code }) => [code, await loadCatalogue(code)] as const));
  return Object.fromEntries(entries) as Record<Language, Partial<Catalogue>>;
}
