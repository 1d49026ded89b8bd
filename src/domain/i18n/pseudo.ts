import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { printAST } from '@formatjs/icu-messageformat-parser/printer.js';
import type { Catalogue, MessageKey } from './translate';

// The pseudo-locale (PSEUDO_LANGUAGE): each English message with its words accented and lengthened by
// about a third between ⟦ ⟧, its placeholders, plurals and tags untouched. A screen rendered in it
// shows, as plain English, any text that does not come from a catalogue; a layout that breaks on
// longer text breaks here first.

const ACCENTS: Record<string, string> = {
  a: 'á',
  e: 'é',
  i: 'í',
  o: 'ö',
  u: 'ü',
  y: 'ý',
  c: 'ç',
  n: 'ñ',
  s: 'š',
  z: 'ž',
  A: 'Å',
  E: 'É',
  I: 'Î',
  O: 'Ø',
  U: 'Û',
  Y: 'Ý',
  C: 'Ç',
  N: 'Ñ',
  S: 'Š',
  Z: 'Ž',
};

/** `text` accented letter by letter. */
export const accent = (text: string) => text.replace(/[a-zA-Z]/g, (ch) => ACCENTS[ch] ?? ch);

function pseudoElements(elements: MessageFormatElement[]): MessageFormatElement[] {
  return elements.map((el) => {
    if (el.type === TYPE.literal) return { ...el, value: accent(el.value) };
    if (el.type === TYPE.plural || el.type === TYPE.select) {
      const options = Object.fromEntries(
        Object.entries(el.options).map(([name, option]) => [name, { ...option, value: pseudoElements(option.value) }]),
      );
      return { ...el, options } as typeof el;
    }
    if (el.type === TYPE.tag) return { ...el, children: pseudoElements(el.children) };
    return el;
  });
}

/** One message in the pseudo-locale. */
export function pseudoMessage(source: string): string {
  const letters = source.replace(/\{[^}]*\}|<[^>]*>/g, '').replace(/[^a-zA-Z]/g, '').length;
  const padding = '·'.repeat(Math.ceil(letters / 3));
  return `⟦${printAST(pseudoElements(parse(source)))}${padding}⟧`;
}

/** The whole English catalogue in the pseudo-locale. */
export function pseudoCatalogue(english: Catalogue): Catalogue {
  return Object.fromEntries(Object.entries(english).map(([key, value]) => [key, pseudoMessage(value)])) as Record<
    MessageKey,
    string
  >;
}
