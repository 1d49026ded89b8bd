import { createHmac } from 'node:crypto';

/**
 * The signed time a page was rendered, posted back with its form: a form sent sooner than a person
 * can fill it in is from a bot, or from a person whose browser filled it in for them. The second
 * kind must never be told a lie, so a quick submission is not dropped: it gets the page again,
 * asking to press the button once more, under a fresh time marked as a second try (which waits less).
 */
export const MIN_FILL_MS = 2000;
export const MIN_SECOND_TRY_MS = 700;
const SECOND_TRY = 'r';

const mac = (secret: string, time: string) =>
  createHmac('sha256', secret).update(`rendered:${time}`).digest('base64url').slice(0, 16);

/** The value of the page's hidden render-time field. */
export function signRenderTime(secret: string, now = Date.now(), secondTry = false): string {
  const time = `${now}${secondTry ? SECOND_TRY : ''}`;
  return `${time}.${mac(secret, time)}`;
}

export type FillTime = 'ok' | 'tooFast' | 'forged';

export function checkFillTime(secret: string, posted: string, now = Date.now()): FillTime {
  const [time = '', signature = ''] = posted.split('.');
  const match = /^(\d{10,15})(r?)$/.exec(time);
  if (!match || signature.length !== 16 || mac(secret, time) !== signature) return 'forged';
  const minimum = match[2] === SECOND_TRY ? MIN_SECOND_TRY_MS : MIN_FILL_MS;
  return now - Number(match[1]) >= minimum ? 'ok' : 'tooFast';
}
