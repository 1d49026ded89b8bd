import { TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat, type PrimitiveType } from 'intl-messageformat';
import type en from './messages/en.json';
import { directionOf, type Language } from './languages';

// A language's messages, formatted with ICU MessageFormat (plurals, selects, numbers, dates) by
// FormatJS's intl-messageformat (docs/decisions/0085). No sentence is ever put together from pieces.

/** The catalogue's keys: English is the source every other catalogue matches key for key. */
export type MessageKey = keyof typeof en;
/** One language's messages, as its JSON file holds them. */
export type Catalogue = Record<MessageKey, string>;
export type MessageValues = Record<string, PrimitiveType | Date>;

export type Translate = {
  /** The message `key` as plain text, its placeholders filled from `values`. */
  (key: MessageKey, values?: MessageValues): string;
  /**
   * The message with its tags (`<link>privacy policy</link>`) rendered by `tags`, as parts to place
   * in markup: strings and what each tag's function returned.
   */
  rich<T>(key: MessageKey, values: MessageValues, tags: Record<string, (children: Array<string | T>) => T>): Array<string | T>;
  language: Language;
};

/**
 * The translator for `language` from its `catalogue`, each message compiled once. `overrides` (the
 * owner's own wording of a fixed sentence, per page) replace a message when they compile; a key
 * missing from the catalogue falls back to `fallback`'s wording, never to a blank.
 */
export function translator(
  language: Language,
  catalogue: Partial<Catalogue>,
  fallback: Catalogue,
  overrides: Partial<Record<MessageKey, string>> = {},
): Translate {
  const compiled = new Map<MessageKey, { format: IntlMessageFormat; plainTags: Record<string, (chunks: unknown[]) => string> }>();
  const message = (key: MessageKey) => {
    let entry = compiled.get(key);
    if (!entry) {
      const format =
        compile(overrides[key], language) ?? compile(catalogue[key], language) ?? new IntlMessageFormat(fallback[key], 'en');
      // As plain text, a tag is its words: `<link>privacy policy</link>` reads "privacy policy".
      const plainTags = Object.fromEntries(
        [...tagNames(format.getAst())].map((name) => [name, (chunks: unknown[]) => chunks.join('')]),
      );
      entry = { format, plainTags };
      compiled.set(key, entry);
    }
    return entry;
  };
  // In a right-to-left sentence, a left-to-right value (an address, a name in Latin letters) is set
  // apart (Unicode's first-strong isolate), so it neither reorders the words around it nor is torn apart.
  const isolate = directionOf(language) === 'rtl' ? isolated : (values?: MessageValues) => values;
  const t = ((key: MessageKey, values?: MessageValues) => {
    const { format, plainTags } = message(key);
    return String(format.format({ ...plainTags, ...isolate(values) }));
  }) as Translate;
  t.rich = <T>(key: MessageKey, values: MessageValues, tags: Record<string, (children: Array<string | T>) => T>) => {
    const parts = message(key).format.format<T>({ ...isolate(values), ...tags });
    return Array.isArray(parts) ? parts : [parts as string | T];
  };
  t.language = language;
  return t;
}

const isolated = (values?: MessageValues) =>
  values &&
  Object.fromEntries(
    Object.entries(values).map(([name, value]) => [name, typeof value === 'string' ? `\u2068${value}\u2069` : value]),
  );

function compile(source: string | undefined, language: Language): IntlMessageFormat | undefined {
  if (source === undefined || source.trim() === '') return undefined;
  try {
    return new IntlMessageFormat(source, language);
  } catch {
    return undefined;
  }
}

function tagNames(elements: MessageFormatElement[], names = new Set<string>()): Set<string> {
  for (const el of elements) {
    if (el.type === TYPE.tag) {
      names.add(el.value);
      tagNames(el.children, names);
    } else if (el.type === TYPE.plural || el.type === TYPE.select)
      for (const option of Object.values(el.options)) tagNames(option.value, names);
  }
  return names;
}
