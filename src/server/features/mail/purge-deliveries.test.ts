import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tests/setup/app';
import { emailDeliveries } from '@/server/db/schema/index';
import { DELIVERY_RECORD_DAYS, PURGE_EMAIL_DELIVERIES_TASK, purgeEmailDeliveriesTask } from './purge-deliveries.task.js';
import { addJob } from '@/server/lib/jobs';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('forgets delivery records once no email job can still run for them', async () => {
  const day = 86_400_000;
  await t.db.insert(emailDeliveries).values([
    { messageId: 'old', sentAt: new Date(Date.now() - (DELIVERY_RECORD_DAYS + 1) * day) },
    { messageId: 'recent', sentAt: new Date(Date.now() - (DELIVERY_RECORD_DAYS - 1) * day) },
  ]);
  await addJob(t.db, PURGE_EMAIL_DELIVERIES_TASK, {});
  await t.runJobs({ tasks: { [PURGE_EMAIL_DELIVERIES_TASK]: purgeEmailDeliveriesTask(t.db) } });
  expect((await t.db.select().from(emailDeliveries)).map((d) => d.messageId)).toEqual(['recent']);
});
