export interface BatchOptions<I> {
  /** The most items one run takes. */
  max?: number;
  /** Runs under way at once. */
  concurrency?: number;
  /** Items with a key in common never share a run: the later one waits for the next. */
  keyOf?: (item: I) => string | string[];
}

interface Waiting<I, O> {
  item: I;
  resolve(result: O): void;
  reject(err: unknown): void;
}

/**
 * Group commit for calls that arrive together: `run` takes every item waiting (up to `max`) in one
 * go, while at most `concurrency` runs are under way. A call that finds a run free starts one at
 * once, so a lone caller waits for nobody; under load the callers that arrive while a run is under
 * way share the next. `run` answers each item in order. A run of several items that fails is tried
 * again one item at a time, so each caller gets its own item's outcome: one bad item fails alone.
 */
export function batched<I, O>(
  run: (items: I[]) => Promise<O[]>,
  { max = 64, concurrency = 1, keyOf }: BatchOptions<I> = {},
): (item: I) => Promise<O> {
  const queue: Array<Waiting<I, O>> = [];
  let running = 0;

  const take = () => {
    const batch: Array<Waiting<I, O>> = [];
    const keys = new Set<string>();
    const left: Array<Waiting<I, O>> = [];
    for (const waiting of queue) {
      const own = [keyOf?.(waiting.item) ?? []].flat();
      if (batch.length < max && !own.some((key) => keys.has(key))) {
        batch.push(waiting);
        for (const key of own) keys.add(key);
      } else left.push(waiting);
    }
    queue.splice(0, queue.length, ...left);
    return batch;
  };

  const runOnce = async (batch: Array<Waiting<I, O>>) => {
    const results = await run(batch.map((w) => w.item));
    if (results.length !== batch.length) throw new Error(`a batch of ${batch.length} got ${results.length} results`);
    batch.forEach((w, i) => w.resolve(results[i]!));
  };

  const runBatch = async (batch: Array<Waiting<I, O>>) => {
    try {
      await runOnce(batch);
    } catch (err) {
      if (batch.length === 1) batch[0]!.reject(err);
      else await Promise.all(batch.map((w) => runOnce([w]).catch((e: unknown) => w.reject(e))));
    }
  };

  const pump = () => {
    while (running < concurrency && queue.length) {
      running += 1;
      void runBatch(take()).finally(() => {
        running -= 1;
        pump();
      });
    }
  };

  return (item) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      pump();
    });
}

/**
 * `batched` once per `owner` (a database handle): `run` gets the owner with the items, and calls for
 * different owners never share a run.
 */
export function batchedPer<K extends object, I, O>(
  run: (owner: K, items: I[]) => Promise<O[]>,
  options?: BatchOptions<I>,
): (owner: K, item: I) => Promise<O> {
  const batchers = new WeakMap<K, (item: I) => Promise<O>>();
  return (owner, item) => {
    let batcher = batchers.get(owner);
    if (!batcher) batchers.set(owner, (batcher = batched((items: I[]) => run(owner, items), options)));
    return batcher(item);
  };
}
