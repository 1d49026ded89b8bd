/** How a platform answered one POST: its status and JSON body, or why it could not be reached. */
export type PlatformAnswer = { reached: true; status: number; body: unknown } | { reached: false; error: string };

export const PLATFORM_TIMEOUT_MS = 10_000;
/** Their answers are a few hundred bytes; more is not read into a message. */
const MAX_ANSWER_CHARS = 64 * 1024;

/**
 * One JSON POST to a conversions API. The hosts are the operator's (META_GRAPH_URL and the others),
 * never an owner's, so this is plain fetch rather than the SSRF-guarded client of the webhooks; no
 * redirect is followed (a credential is never carried elsewhere). Never throws.
 */
export async function postJson(url: URL, headers: Record<string, string>, body: unknown): Promise<PlatformAnswer> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
      redirect: 'error',
      signal: AbortSignal.timeout(PLATFORM_TIMEOUT_MS),
    });
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    return { reached: false, error: timedOut ? `No answer within ${PLATFORM_TIMEOUT_MS / 1000} s.` : 'Could not be reached.' };
  }
  const text = (await response.text().catch(() => '')).slice(0, MAX_ANSWER_CHARS);
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = text;
  }
  return { reached: true, status: response.status, body: parsed };
}
