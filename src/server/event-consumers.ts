import { conversionsConsumer } from './features/conversions/index.js';
import { emailToolsConsumer } from './features/email-tools/index.js';
import type { EventConsumer } from './features/outbox/index.js';
import { webhooksFanOut } from './features/webhooks/index.js';

/**
 * What acts on each event (src/server/features/outbox): webhooks' fan-out, the email tools' sync
 * and erasure, the conversions sent to ad platforms. The dispatch task hands events to them; an
 * erasure hands its lead.erased to them at once, so that the event exists only where one of them
 * delivers it.
 */
export const eventConsumers: EventConsumer[] = [webhooksFanOut, emailToolsConsumer, conversionsConsumer];
