import { z } from 'zod';

// zod 4 probes whether it may compile validators with `new Function`. The app's Content Security
// Policy forbids eval, so the probe only logs a CSP violation (a Lighthouse best-practices issue):
// tell zod up front to use its interpreter. Imported first by main.tsx, before any schema runs.
z.config({ jitless: true });
