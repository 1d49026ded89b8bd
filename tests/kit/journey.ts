import { PUBLIC_HOST, type TestApp } from '@tests/setup/app';
import { mailsOf } from './mailbox.js';
import { addressPool, BROWSER_UA, patientVisitorFields } from './visitor.js';

/** What a visitor does on the public face, against one test app: each request from a fresh address. */
export function journeyKit(t: TestApp, addressPrefix: string) {
  const nextAddress = addressPool(addressPrefix);
  const post = (url: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      remoteAddress: nextAddress(),
      headers: { host: PUBLIC_HOST, 'user-agent': BROWSER_UA, 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: new URLSearchParams(fields).toString(),
    });
  return {
    post,
    /** Posts a page's form as a patient visitor who agreed to the privacy policy. */
    submit: (formId: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
      post(`/f/${formId}`, { ...patientVisitorFields(t.config.secret), consent: 'yes', ...fields }, headers),
    /** A GET on the public face; absolute PUBLIC_URL addresses are accepted. */
    visit: (url: string) =>
      t.app.inject({
        method: 'GET',
        url: url.replace(t.config.publicUrl.origin, ''),
        headers: { host: PUBLIC_HOST, 'user-agent': BROWSER_UA },
      }),
    /** The dev mailbox's messages to `to`, newest first, after running the queued jobs. */
    mails: (to: string) => mailsOf(t, to),
    tokenOf: (location: string) => new URL(location, t.config.publicUrl.origin).searchParams.get('t')!,
  };
}
