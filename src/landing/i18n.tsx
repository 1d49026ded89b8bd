import { createContext, Fragment, useContext, type ReactNode } from 'react';
import { englishT } from '@/domain/i18n/english';
import { directionOf } from '@/domain/i18n/languages';
import type { MessageKey, MessageValues, Translate } from '@/domain/i18n/translate';

// The words of a visitor's page in its language (docs/decisions/0085): the page's components read
// them from this context, so the published page (react-dom/server) and the creator's preview speak
// the language they are given.

export { englishT };

const Words = createContext<Translate>(englishT);

export function PageWords({ t, children }: { t: Translate; children: ReactNode }) {
  return <Words.Provider value={t}>{children}</Words.Provider>;
}

export const useT = () => useContext(Words);

/** `lang` and `dir` for an element that holds a page in `t`'s language (a preview inside the app). */
export const languageAttributes = (t: Translate) => ({ lang: t.language, dir: directionOf(t.language) });

/** A message with markup: each tag of it rendered by `tags`. */
export function Rich({
  id,
  values = {},
  tags,
}: {
  id: MessageKey;
  values?: MessageValues;
  tags: Record<string, (children: ReactNode[]) => ReactNode>;
}) {
  const t = useT();
  const parts = t.rich<ReactNode>(id, values, tags as Record<string, (children: Array<string | ReactNode>) => ReactNode>);
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>{part}</Fragment>
      ))}
    </>
  );
}
