import en from './messages/en.json';
import { translator, type Catalogue, type Translate } from './translate';

/** English's catalogue: the source every other catalogue matches, and their fallback. */
export const ENGLISH_CATALOGUE: Catalogue = en;

/** English: the words of a page whose owner chose no other language, and every catalogue's fallback. */
export const englishT: Translate = translator('en', en, en);
