import { sql } from 'drizzle-orm';
import type { Db, Executor } from '@/server/db/client';
import { emailDeliveries } from '@/server/db/schema/index';
import { DEAD_PEER_KEEPALIVES } from '@/server/lib/dead-peer';

// A second worker holding the same message waits this long for the first to finish, then retries later.
const SAME_MESSAGE_WAIT = '10s';

export interface Delivery {
  messageId: string;
  /** Hands the message to the mail server; `tx` is the transaction that records it. */
  send: (tx: Executor) => Promise<void>;
}

export type Delivered = { outcome: 'sent' | 'sentBefore' } | { failed: unknown };

/**
 * Sends each message at most once per message id, however often its job runs. The delivery rows
 * are written before sending and committed right after the mail server accepted the messages, in
 * one transaction: a worker that dies mid-send leaves no row (so the retry sends), a worker that
 * finished leaves one (so a retry skips), and a second worker on the same message waits on the
 * row's lock instead of sending alongside. The only repeat left is a crash (or a lost database)
 * between the server's acceptance and the commit; the Message-ID lets the receiving side drop it.
 *
 * Messages that are sent together (decision 0040) share the transaction: one statement claims them
 * all, they are sent at once, and a message the mail server refused has its row removed before the
 * commit, so that it alone is tried again and the others are recorded as sent. Each message's
 * outcome comes back in order. A message id must appear once.
 */
export async function deliverEach(db: Db, deliveries: Delivery[]): Promise<Delivered[]> {
  return db.transaction((tx) => deliverInTransaction(tx, deliveries));
}

/**
 * `deliverEach` in a transaction of the caller's, which records the messages the mail server
 * accepted (and must commit right after them, decision 0108). It leaves the transaction's lock
 * timeout at 10 s and its keep-alives short: call it last.
 */
export async function deliverInTransaction(tx: Executor, deliveries: Delivery[]): Promise<Delivered[]> {
  // A worker on a machine that vanished mid-send must not hold the rows (and their messages) for hours.
  // The settings (set_config with is_local = true is SET LOCAL) and the claim are one statement: the
  // insert takes its rows from the materialized CTE, so the settings apply before it can wait on a lock.
  const settings = [`lock_timeout = ${SAME_MESSAGE_WAIT}`, ...DEAD_PEER_KEEPALIVES].map((setting) => {
    const [name, value] = setting.split('=').map((part) => part.trim()) as [string, string];
    return sql`set_config(${name}, ${value}, true)`;
  });
  const ids = deliveries.map((d) => d.messageId);
  // sent_at is when the sending began: the row is committed, and seen, only once the server accepted.
  // Claimed in the order of the ids: two workers claiming some of the same messages wait for each
  // other instead of deadlocking.
  const { rows } = await tx.execute<{ message_id: string }>(sql`
    with settings as materialized (select ${sql.join(settings, sql`, `)})
    insert into ${emailDeliveries} (message_id, sent_at)
    select id, clock_timestamp() from settings, unnest(${sql.param(ids)}::text[]) as id
    order by id
    on conflict do nothing returning message_id`);
  const claimed = new Set(rows.map((row) => row.message_id));
  const delivered = await Promise.all(
    deliveries.map(async ({ messageId, send }): Promise<Delivered> => {
      if (!claimed.has(messageId)) return { outcome: 'sentBefore' };
      try {
        await send(tx);
        return { outcome: 'sent' };
      } catch (err) {
        return { failed: err };
      }
    }),
  );
  const refused = ids.filter((_, i) => 'failed' in delivered[i]!);
  if (refused.length)
    await tx.execute(sql`delete from ${emailDeliveries} where ${emailDeliveries.messageId} = any(${sql.param(refused)}::text[])`);
  return delivered;
}

/** `deliverEach` for one message: its outcome, or its failure thrown. */
export async function deliverOnce(db: Db, messageId: string, send: Delivery['send']): Promise<'sent' | 'sentBefore'> {
  const [delivered] = await deliverEach(db, [{ messageId, send }]);
  if ('failed' in delivered!) throw delivered.failed;
  return delivered!.outcome;
}
