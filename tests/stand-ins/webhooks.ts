/** What the receiver answered; status null when it could not be reached at all. */
export interface WebhookResponse {
  status: number | null;
  body: string;
  error?: string;
}

/** POSTs exactly `body` (the bytes that were signed) and reports the answer; never throws. */
export async function postWebhook(url: string, body: string, headers: Record<string, string>): Promise<WebhookResponse> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers,
      body,
      // Providers treat a redirect as a failed delivery rather than following it.
      redirect: 'manual',
      signal: AbortSignal.timeout(10_000),
    });
    return { status: response.status, body: await response.text() };
  } catch (error) {
    return { status: null, body: '', error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Deliveries that happen after the response that caused them, like the real providers'. Tests
 * await `whenIdle()` instead of sleeping.
 */
export class DeliveryScheduler {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly running = new Set<Promise<unknown>>();

  schedule(delayMs: number, task: () => Promise<unknown>): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      const run = task().finally(() => this.running.delete(run));
      this.running.add(run);
    }, delayMs);
    this.timers.add(timer);
  }

  async whenIdle(): Promise<void> {
    while (this.timers.size > 0 || this.running.size > 0) {
      if (this.running.size > 0) await Promise.allSettled([...this.running]);
      else await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  cancel(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}
