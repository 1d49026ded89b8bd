import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { normalizeEmbedOrigins } from '@/domain/embed-origins';
import type { FormConfig } from '@/domain/form-config';
import type { Translate } from '@/domain/i18n/translate';
import { frameHeightScript } from '@/landing/index';
import { PUBLIC_CSP, renderDocument } from './document.js';

// A page its owner lets other sites show in a frame (docs/decisions/0050): its documents, and those
// a visitor reaches from it inside the frame, name those sites in frame-ancestors and carry the
// height script; every other document of the public face keeps frame-ancestors 'none'.

const FRAME_SCRIPT_HASH = `'sha256-${createHash('sha256').update(frameHeightScript).digest('base64')}'`;

/** The sites that may frame the pages of `config`: the owner's list, checked again (it reaches a header). */
export function framingOrigins(config: Pick<FormConfig, 'embedOrigins'>): string[] {
  // Asked on every request a page's document is chosen by (its cache key): parsed once per list.
  const list = config.embedOrigins;
  if (!list) return normalizeEmbedOrigins(list);
  let origins = normalized.get(list);
  if (!origins) normalized.set(list, (origins = Object.freeze(normalizeEmbedOrigins(list)) as string[]));
  return origins;
}
const normalized = new WeakMap<readonly string[], string[]>();

/**
 * `csp` for a document that `origins` may frame: frame-ancestors lists them, and the height script
 * is allowed by its hash. Without origins it is returned as it is ('none').
 */
export function allowFraming(csp: string, origins: readonly string[]): string {
  if (origins.length === 0) return csp;
  return csp
    .replace("frame-ancestors 'none'", `frame-ancestors ${origins.join(' ')}`)
    .replace('script-src ', `script-src ${FRAME_SCRIPT_HASH} `);
}

/**
 * Helmet's X-Frame-Options (SAMEORIGIN) would refuse the frame in browsers that read it before
 * frame-ancestors: a document some sites may frame goes without it, its CSP says who may.
 */
export function framingHeaders(reply: FastifyReply, csp: string) {
  if (!csp.includes("frame-ancestors 'none'")) reply.removeHeader('x-frame-options');
  return reply;
}

/**
 * The payment providers' checkouts refuse to be framed, so a paid page's form submitted inside a
 * frame (Sec-Fetch-Dest: iframe) gets this page instead of the 303 to the checkout: one link that
 * opens the checkout in the whole window (a cross-origin frame may navigate its top window only on
 * the visitor's click). The provider sends the visitor back to Lodestone's page, in that window.
 */
export function leaveFrameDocument(url: string, origins: readonly string[], t: Translate) {
  const title = t('checkout.leaveFrame.title');
  const text = t('checkout.leaveFrame.text');
  const body = (
    <div className="ls-page">
      <main className="ls-container">
        <header className="ls-header">
          <h1 className="ls-title">{title}</h1>
          <p className="ls-description">{text}</p>
        </header>
        <div className="ls-card">
          <a className="ls-button" href={url} target="_top">
            {title}
          </a>
        </div>
      </main>
    </div>
  );
  return {
    html: renderDocument({ title, description: text, body, noindex: true, framed: origins.length > 0, language: t.language }),
    csp: allowFraming(PUBLIC_CSP, origins),
  };
}

/**
 * `PUBLIC_URL/embed.js`, the script of the owner's embed snippet: it fits each `iframe[data-lodestone]`
 * to the height its page reports, taking a message only from that iframe's own window
 * (`event.source`) and only from the public origin, or from `null`: a page that runs its owner's
 * code is sandboxed to an opaque origin (decision 0011), and its messages say so. A message sets a
 * height, nothing else. Frames that reported before it loaded (it is async) are asked again.
 */
export const embedScript = (publicOrigin: string) => `(function(){
var origin=${JSON.stringify(publicOrigin)},frames=function(){return document.querySelectorAll('iframe[data-lodestone]')};
if(!window.__lodestoneEmbed){
window.__lodestoneEmbed=1;
window.addEventListener('message',function(e){
var m=e.data;
if(!m||m.type!=='lodestone:height'||(e.origin!==origin&&e.origin!=='null'))return;
var h=Math.ceil(Number(m.height)),f=frames();
if(!(h>0))return;
for(var i=0;i<f.length;i++){
if(f[i].contentWindow===e.source){f[i].style.height=Math.min(h,100000)+'px';f[i].style.minHeight='0';return;}
}
});
}
var f=frames();
for(var i=0;i<f.length;i++){try{f[i].contentWindow.postMessage({type:'lodestone:measure'},'*');}catch(e){}}
})();
`;
