import { describe, expect, it } from 'vitest';
import { batched, batchedPer } from './batched.js';

/** A run the test finishes by hand, recording the items of every run. */
function heldRuns(fail?: (item: string) => boolean) {
  const runs: string[][] = [];
  const finishers: Array<() => void> = [];
  const run = (items: string[]) => {
    runs.push(items);
    return new Promise<string[]>((resolve, reject) => {
      finishers.push(() => {
        const bad = fail && items.find(fail);
        if (bad) reject(new Error(`refused ${bad}`));
        else resolve(items.map((i) => i.toUpperCase()));
      });
    });
  };
  const finishNext = async () => {
    finishers.shift()!();
    await new Promise((r) => setTimeout(r, 0));
  };
  return { run, runs, finishNext };
}

describe('batched', () => {
  it('runs a lone call at once, and gives the calls that arrive meanwhile one run after it', async () => {
    const held = heldRuns();
    const call = batched(held.run);
    const first = call('a');
    expect(held.runs).toEqual([['a']]);
    const rest = ['b', 'c', 'd'].map(call);
    expect(held.runs).toHaveLength(1);
    await held.finishNext();
    expect(await first).toBe('A');
    expect(held.runs).toEqual([['a'], ['b', 'c', 'd']]);
    await held.finishNext();
    expect(await Promise.all(rest)).toEqual(['B', 'C', 'D']);
  });

  it('takes at most `max` items a run, and keeps `concurrency` runs under way', async () => {
    const held = heldRuns();
    const call = batched(held.run, { max: 2, concurrency: 2 });
    const all = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map(call);
    expect(held.runs).toEqual([['a'], ['b']]);
    await held.finishNext();
    expect(held.runs).toEqual([['a'], ['b'], ['c', 'd']]);
    await held.finishNext();
    expect(held.runs).toEqual([['a'], ['b'], ['c', 'd'], ['e', 'f']]);
    await held.finishNext();
    await held.finishNext();
    await held.finishNext();
    expect(held.runs).toEqual([['a'], ['b'], ['c', 'd'], ['e', 'f'], ['g']]);
    expect(await Promise.all(all)).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'G']);
  });

  it('never puts two items of the same key in one run', async () => {
    const held = heldRuns();
    const call = batched(held.run, { keyOf: (item) => item[0]! });
    const all = ['x0', 'a1', 'b1', 'a2', 'c1', 'a3'].map(call);
    await held.finishNext();
    expect(held.runs[1]).toEqual(['a1', 'b1', 'c1']);
    await held.finishNext();
    expect(held.runs[2]).toEqual(['a2']);
    await held.finishNext();
    await held.finishNext();
    expect(held.runs[3]).toEqual(['a3']);
    expect(await Promise.all(all)).toEqual(['X0', 'A1', 'B1', 'A2', 'C1', 'A3']);
  });

  it('keeps an item with several keys out of a run that holds any of them', async () => {
    const held = heldRuns();
    // Each item's keys are its two letters: 'ab' shares a with 'ac' and b with 'db'.
    const call = batched(held.run, { keyOf: (item) => [item[0]!, item[1]!] });
    const all = ['xy', 'ab', 'ac', 'db', 'ef', 'cd'].map(call);
    await held.finishNext();
    expect(held.runs[1]).toEqual(['ab', 'ef', 'cd']);
    await held.finishNext();
    expect(held.runs[2]).toEqual(['ac', 'db']);
    await held.finishNext();
    expect(held.runs).toHaveLength(3);
    expect(await Promise.all(all)).toEqual(['XY', 'AB', 'AC', 'DB', 'EF', 'CD']);
  });

  it('tries a failed run again item by item: only the item that fails alone fails', async () => {
    const held = heldRuns((item) => item === 'bad');
    const call = batched(held.run);
    const first = call('first');
    const together = ['ok1', 'bad', 'ok2'].map((item) =>
      call(item).then(
        (v) => ({ v }),
        (e: Error) => ({ e: e.message }),
      ),
    );
    await held.finishNext();
    await first;
    await held.finishNext(); // the run of three fails; each is tried alone
    expect(held.runs.slice(2)).toEqual([['ok1'], ['bad'], ['ok2']]);
    await held.finishNext();
    await held.finishNext();
    await held.finishNext();
    expect(await Promise.all(together)).toEqual([{ v: 'OK1' }, { e: 'refused bad' }, { v: 'OK2' }]);
  });

  it('fails a lone call with its own error, and keeps serving after it', async () => {
    const held = heldRuns((item) => item === 'bad');
    const call = batched(held.run);
    const bad = call('bad').catch((e: Error) => e.message);
    await held.finishNext();
    expect(await bad).toBe('refused bad');
    const next = call('next');
    await held.finishNext();
    expect(await next).toBe('NEXT');
  });
});

describe('batchedPer', () => {
  it('keeps a batcher per owner: calls for different owners never share a run', async () => {
    const runs: Array<[string, string[]]> = [];
    const call = batchedPer(async (owner: { name: string }, items: string[]) => {
      runs.push([owner.name, items]);
      return items.map((i) => `${owner.name}:${i}`);
    });
    const one = { name: 'one' };
    const two = { name: 'two' };
    expect(await Promise.all([call(one, 'a'), call(two, 'b'), call(one, 'c'), call(two, 'd')])).toEqual([
      'one:a',
      'two:b',
      'one:c',
      'two:d',
    ]);
    expect(runs).toEqual([
      ['one', ['a']],
      ['two', ['b']],
      ['one', ['c']],
      ['two', ['d']],
    ]);
  });
});
