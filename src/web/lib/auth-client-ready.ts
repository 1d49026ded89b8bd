/**
 * Where the auth client announces itself when its module loads (however it came: a screen's
 * import, or lib/session.ts asking for it), so the session store can follow it without importing
 * it. No imports: both sides import this.
 */
export type SessionAtomValue<Session> = {
  data: Session | null;
  error: { status: number; statusText?: string; message?: string } | null;
  isPending: boolean;
  isRefetching: boolean;
  refetch: () => Promise<unknown>;
};

export type ReadyAuthClient<Session> = {
  hydrateSession(session: Session | null): void;
  subscribeSession(listener: (value: SessionAtomValue<Session>) => void): void;
};

let ready: ReadyAuthClient<never> | null = null;
let waiting: ((client: ReadyAuthClient<never>) => void) | null = null;

export function announceAuthClient<Session>(client: ReadyAuthClient<Session>) {
  ready = client as unknown as ReadyAuthClient<never>;
  waiting?.(ready);
}

/** Runs `use` with the auth client once it has loaded (at once if it has); one follower. */
export function whenAuthClient<Session>(use: (client: ReadyAuthClient<Session>) => void) {
  const run = use as unknown as (client: ReadyAuthClient<never>) => void;
  if (ready) run(ready);
  else waiting = run;
}
