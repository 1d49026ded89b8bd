import type { EditorErrors } from './editor-model';

/* Lists the owner orders (fields, sections, a section's items): moves, and the errors keyed by position that follow them. */

const escaped = (text: string) => text.replace(/\./g, '\\.');

/**
 * Errors of a list keyed by position (`{prefix}.{i}.…`) follow their item when items move or go
 * (null: the error goes with its item). Other errors stay as they are.
 */
export function remapIndexedErrors(
  errors: EditorErrors,
  prefix: string,
  newIndexOf: (oldIndex: number) => number | null,
): EditorErrors {
  const pattern = new RegExp(`^${escaped(prefix)}\\.(\\d+)(\\..+)?$`);
  const next: EditorErrors = {};
  for (const [key, message] of Object.entries(errors)) {
    const match = pattern.exec(key);
    if (!match) {
      next[key] = message;
      continue;
    }
    const index = newIndexOf(Number(match[1]));
    if (index !== null) next[`${prefix}.${index}${match[2] ?? ''}`] = message;
  }
  return next;
}

/** Where the item at `index` ends up when the one at `from` moves to `to`. */
export function reorderedIndex(index: number, from: number, to: number): number {
  if (index === from) return to;
  if (from < to && index > from && index <= to) return index - 1;
  if (to < from && index >= to && index < from) return index + 1;
  return index;
}

/** `items` with the one at `from` moved to `to`, or null when that is no move. */
export function moved<T>(items: readonly T[], from: number, to: number): T[] | null {
  const item = items[from];
  if (from === to || item === undefined || !Number.isInteger(to) || to < 0 || to >= items.length) return null;
  const next = items.filter((_, i) => i !== from);
  next.splice(to, 0, item);
  return next;
}
