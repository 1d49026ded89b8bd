import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTailwindMerge, twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { cn } from './cn';
import { cnConfig } from './cn-config';

const merge = createTailwindMerge(() => cnConfig);
const web = fileURLToPath(new URL('..', import.meta.url));

/**
 * Every word of every string written in the web app's sources but the configuration's own (quotes,
 * double quotes, template literals; split at spaces and at the quotes of strings inside a template's
 * placeholders): the classes `cn` can be given, among many words that are not classes.
 */
function writtenWords(): string[] {
  const words = new Set<string>();
  for (const file of readdirSync(web, { recursive: true, encoding: 'utf8' })) {
    if (!/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file) || file === path.join('lib', 'cn-config.ts')) continue;
    const source = readFileSync(path.join(web, file), 'utf8');
    const texts = [
      ...[...source.matchAll(/(['"])((?:(?!\1)[^\\\n])*)\1/g)].map((match) => match[2]!),
      ...[...source.matchAll(/`([^`]*)`/g)].map((match) => match[1]!),
    ];
    for (const text of texts) for (const word of text.split(/[\s'"`{}]+/)) if (word) words.add(word);
  }
  return [...words];
}

const words = writtenWords();
/** The words the full configuration takes for classes: one conflicts with itself, so twMerge keeps the last of two. */
const classes = words.filter((word) => twMerge(`${word} ${word}`) === word);

/**
 * A class's variants (`sm:`, `hover:`, `[&_svg]:`...) in alphabetical order, and `!` if important,
 * split off as tailwind-merge splits them (at the colons outside brackets and parentheses). Two
 * classes conflict only under the same variants (tailwind-merge compares them sorted, keeping some
 * in place: equal for it means equal here too), so classes are compared within these sets only.
 */
function variantsOf(name: string): string {
  const variants: string[] = [];
  let brackets = 0;
  let parentheses = 0;
  let start = 0;
  for (let i = 0; i < name.length; i++) {
    const character = name[i];
    if (character === ':' && brackets === 0 && parentheses === 0) {
      variants.push(name.slice(start, i));
      start = i + 1;
    } else if (character === '[') brackets++;
    else if (character === ']') brackets--;
    else if (character === '(') parentheses++;
    else if (character === ')') parentheses--;
  }
  const base = name.slice(start);
  return [...variants.sort(), base.startsWith('!') || base.endsWith('!') ? '!' : ''].join(':');
}

/**
 * Classes in lists in which none drops another under the full configuration, each class in one
 * list: a class joins the first list it can be appended to without dropping any of it. A class
 * appended to such a list then drops exactly the classes of the list it conflicts with, nothing
 * else: so merging `list + class` answers, for every class of the list at once, whether that class
 * followed by `class` merges to both or to `class` alone.
 */
function listsWithoutConflicts(names: string[]): string[][] {
  const lists: string[][] = [];
  for (const name of names) {
    const list = lists.find((l) => twMerge(`${l.join(' ')} ${name}`) === `${l.join(' ')} ${name}`);
    if (list) list.push(name);
    else lists.push([name]);
  }
  return lists;
}

describe('cn', () => {
  it('finds the classes of the sources (the test reads what it is meant to)', () => {
    expect(classes).toEqual(expect.arrayContaining(['px-4', 'sm:px-6', 'text-sm', 'text-gray-700', 'hover:bg-gray-50']));
    expect(classes.length).toBeGreaterThan(500);
  });

  it('merges each written word alone, and twice, as twMerge does (a class of a group it lacks is kept twice)', () => {
    const differing = words.filter(
      (word) => merge(word) !== twMerge(word) || merge(`${word} ${word}`) !== twMerge(`${word} ${word}`),
    );
    expect(differing).toEqual([]);
  });

  /*
   * Every ordered pair (a, b) of written classes merges as with twMerge. Merging keeps a class when
   * no class kept after it conflicts with it (its group, or a group its group conflicts with, under
   * the same variants), so the result of any list is decided by the pairs: equal pairs, equal
   * merges, whatever the classes, their number and their order. Left out, as they cannot differ:
   * the words neither configuration takes for a class (the test above), which both keep and which
   * conflict with nothing, and the pairs of classes under different variants (variantsOf). The
   * pairs are compared a list at a time (listsWithoutConflicts): under each configuration,
   * `list + b` drops the classes a of the list for which `a b` merges to `b` alone.
   */
  it('merges every ordered pair of the written classes as twMerge does', () => {
    const byVariants = new Map<string, string[]>();
    for (const name of classes) byVariants.set(variantsOf(name), [...(byVariants.get(variantsOf(name)) ?? []), name]);
    const differing: string[] = [];
    for (const names of byVariants.values()) {
      const lists = listsWithoutConflicts(names);
      for (const list of lists) {
        const joined = list.join(' ');
        // Under this configuration too, no class of the list drops another: else appending tells nothing.
        if (merge(joined) !== joined) differing.push(`${joined} → ${merge(joined)}`);
        for (const b of names) {
          const input = `${joined} ${b}`;
          if (merge(input) === twMerge(input)) continue;
          for (const a of list) {
            const pair = `${a} ${b}`;
            if (merge(pair) !== twMerge(pair)) differing.push(`${pair} → ${merge(pair)} (twMerge: ${twMerge(pair)})`);
          }
        }
      }
    }
    expect(differing).toEqual([]);
  });

  it('joins and merges conditional classes', () => {
    expect(cn('px-2 py-1', undefined, null, false, { 'text-sm': true, 'text-lg': false }, 'px-4')).toBe('py-1 text-sm px-4');
    expect(cn('text-sm leading-6', 'text-lg/7')).toBe('text-lg/7');
    expect(cn('p-4', 'px-2')).toBe('p-4 px-2');
    expect(cn('px-2', 'p-4')).toBe('p-4');
  });
});
