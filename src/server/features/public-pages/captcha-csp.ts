import { createHash } from 'node:crypto';
import { CAPTCHA_WIDGETS, type PageCaptcha } from '@/domain/captcha-widgets';
import { recaptchaScript } from '@/landing/index';

const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/**
 * `csp` (a published page's, with or without tracking) widened for the page's captcha
 * (docs/decisions/0087): the chosen provider's hosts, in the directives its documentation names
 * (script, frame, and for some connect and style), and reCAPTCHA's submit script by its hash. No other
 * provider is admitted, and a page without a captcha keeps its policy as it was.
 */
export function allowCaptcha(csp: string, { provider }: PageCaptcha): string {
  const { hosts } = CAPTCHA_WIDGETS[provider];
  const added: Array<[string, readonly string[]]> = [
    ['script-src', [...(provider === 'recaptcha' ? [hashOf(recaptchaScript)] : []), ...hosts.script]],
    ['style-src', hosts.style],
    ['connect-src', hosts.connect],
    ['frame-src', hosts.frame],
  ];
  const directives = csp.split('; ');
  for (const [name, sources] of added) {
    if (sources.length === 0) continue;
    const at = directives.findIndex((d) => d === name || d.startsWith(`${name} `));
    if (at >= 0) {
      directives[at] = [directives[at], ...sources].join(' ');
      continue;
    }
    // A page without a video frames nothing yet: frame-src goes where publicCsp puts it, before form-action.
    const formAction = directives.findIndex((d) => d.startsWith('form-action'));
    directives.splice(formAction >= 0 ? formAction : directives.length, 0, `${name} ${sources.join(' ')}`);
  }
  return directives.join('; ');
}
