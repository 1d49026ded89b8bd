import type { TaskList } from 'graphile-worker';
import type { Db } from '@/server/db/client';
import { DISPATCH_EVENT_TASK } from './emit-event.js';
import { dispatchEventTask, type EventConsumer } from './dispatch-event.task.js';

export { DISPATCH_EVENT_TASK, emitEvent, newEventId, type NewEvent } from './emit-event.js';
export { dispatchEvent, dispatchEvents, dispatchEventTask, type EventConsumer, type EventRow } from './dispatch-event.task.js';
export { erasedLeadEventData, leadEventData, paymentEventData, publishedFormEventData } from './event-data.js';
export { emitHeldEvent, holdEvent, releaseEvent } from './held-events.js';

/** The feature's background tasks, by name, from the services (decision 0073). */
export const outboxTasks = ({ db, eventConsumers }: { db: Db; eventConsumers: EventConsumer[] }): TaskList => ({
  [DISPATCH_EVENT_TASK]: dispatchEventTask(db, eventConsumers),
});
