export { DISPATCH_EVENT_TASK, emitEvent, newEventId, type NewEvent } from './emit-event.js';
export { dispatchEvent, dispatchEventTask, type EventConsumer, type EventRow } from './dispatch-event.task.js';
export { erasedLeadEventData, leadEventData, paymentEventData, publishedFormEventData } from './event-data.js';
export { emitHeldEvent, holdEvent, releaseEvent } from './held-events.js';
