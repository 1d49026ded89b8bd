import pg from 'pg';
import { vi } from 'vitest';

/** The text of every statement any `pg` client sends while `work` runs, in order. */
export async function statementsDuring(work: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const original = pg.Client.prototype.query;
  const spy = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
    const first = args[0] as string | { text?: string };
    seen.push(typeof first === 'string' ? first : (first.text ?? ''));
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original);
  try {
    await work();
  } finally {
    spy.mockRestore();
  }
  return seen;
}
