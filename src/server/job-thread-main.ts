import { workerData } from 'node:worker_threads';
import { loadConfig } from './config.js';
import { runJobThread } from './job-thread.js';
import type { JobThreadData } from './start-job-thread.js';

// The job thread's own module (decision 0056), which main.ts spawns: it loads the job runner and the
// tasks but not the HTTP server (Fastify, better-auth, the routes), so the thread is ready sooner.
// The configuration was checked by the main thread already.
void runJobThread(workerData as JobThreadData, loadConfig());
