import { z } from 'zod';

/** A moment as the APIs answer it: an ISO 8601 string in UTC (`Date.prototype.toISOString`). */
export const isoTimeSchema = z.string().meta({ format: 'date-time', examples: ['2026-11-25T10:15:00.000Z'] });
