import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { emailDeliveries } from '../../db/schema/index.js';
import { DEAD_PEER_KEEPALIVES } from '../../lib/dead-peer.js';

// A second worker holding the same message waits this long for the first to finish, then retries later.
const SAME_MESSAGE_WAIT = '10s';

/**
 * Sends a message at most once per message id, however often its job runs. The delivery row is
 * written before sending and committed right after the mail server accepted the message, in one
 * transaction: a worker that dies mid-send leaves no row (so the retry sends), a worker that
 * finished leaves one (so a retry skips), and a second worker on the same message waits on the
 * row's lock instead of sending alongside. The only repeat left is a crash in the instant between
 * the server's acceptance and the commit; the Message-ID lets the receiving side drop that one.
 */
export async function deliverOnce(
  db: Db,
  messageId: string,
  send: (tx: Executor) => Promise<void>,
): Promise<'sent' | 'sentBefore'> {
  return db.transaction(async (tx) => {
    // A worker on a machine that vanished mid-send must not hold the row (and its message) for hours.
    // The settings (set_config with is_local = true is SET LOCAL) and the claim are one statement: the
    // insert takes its row from the materialized CTE, so the settings apply before it can wait on a lock.
    const settings = [`lock_timeout = ${SAME_MESSAGE_WAIT}`, ...DEAD_PEER_KEEPALIVES].map((setting) => {
      const [name, value] = setting.split('=').map((part) => part.trim()) as [string, string];
      return sql`set_config(${name}, ${value}, true)`;
    });
    // sent_at is when the sending began: the row is committed, and seen, only once the server accepted.
    const { rows: claimed } = await tx.execute(sql`
      with settings as materialized (select ${sql.join(settings, sql`, `)})
      insert into ${emailDeliveries} (message_id, sent_at) select ${messageId}, clock_timestamp() from settings
      on conflict do nothing returning message_id`);
    if (claimed.length === 0) return 'sentBefore';
    await send(tx);
    return 'sent';
  });
}
