// The placements' loader (PUBLIC_URL/l.js, docs/decisions/0084): one async script on the owner's
// site that, for each `<script data-placement="plc_…">`, reads the placement's settings and, when
// its trigger fires, shows the page in a frame from the public origin (the host page cannot read
// it). No framework, nothing inline: every style goes through the CSSOM and every animation through
// the Web Animations API, so it runs under a strict Content-Security-Policy. Built by build.ts.
import { placementShowsOn } from '@/domain/placement-urls';
import type { LoaderConfig, PLACEMENT_FRAME_PARAMS, PLACEMENT_MESSAGES, PlacementEvent } from '@/domain/placements';

type Messages = typeof PLACEMENT_MESSAGES;
const HEIGHT: Messages['height'] = 'lodestone:height';
const SIGNED_UP: Messages['signedUp'] = 'lodestone:signed-up';
const CLOSE_MESSAGE: Messages['close'] = 'lodestone:close';
const FRAME: typeof PLACEMENT_FRAME_PARAMS = { placement: 'ls_placement', host: 'ls_host', content: 'ls_content' };

type Memory = { closedUntil?: number; signedUp?: boolean };
type Api = ((command: string, ...args: unknown[]) => void) & {
  q?: ArrayLike<unknown>[];
  loaded?: (s: HTMLScriptElement) => void;
};
type Placement = {
  id: string;
  origin: string;
  preview: boolean;
  config?: LoaderConfig;
  /** Shown (or refused) once this page view: triggers do not show it again. */
  done?: boolean;
  /** lodestone('open') before the settings arrived. */
  openAsked?: boolean;
  close?: (byVisitor: boolean) => void;
};

const w = window as unknown as Window & { lodestone?: Api; __tcfapi?: (...args: unknown[]) => void };
const doc = document;
const Z = '2147483000';
const KEY = 'lodestone:';
const placements = new Map<string, Placement>();
const handled = new WeakSet<Element>();
/** What a visitor did, for this page view; stored in localStorage too once they consented. */
const memory = new Map<string, Memory>();
let consent = false;

const reducedMotion = () => matchMedia('(prefers-reduced-motion: reduce)').matches;
const isMobile = () => matchMedia('(pointer: coarse)').matches || innerWidth < 768;

function css<T extends HTMLElement>(el: T, styles: Record<string, string>): T {
  for (const name in styles) el.style.setProperty(name, styles[name]!, 'important');
  return el;
}

function make<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  styles: Record<string, string> = {},
  attrs: Record<string, string> = {},
) {
  const el = css(doc.createElement(tag), { 'box-sizing': 'border-box', ...styles });
  for (const name in attrs) el.setAttribute(name, attrs[name]!);
  return el;
}

function animate(el: HTMLElement, from: Keyframe) {
  if (!reducedMotion() && el.animate)
    el.animate([from, { opacity: 1, transform: 'none' }], { duration: 200, easing: 'ease-out' });
}

// Memory ---------------------------------------------------------------------------------------

function stored(id: string): Memory {
  if (consent) {
    try {
      return JSON.parse(localStorage.getItem(KEY + id) || '{}') as Memory;
    } catch {
      /* storage blocked or not ours: nothing remembered */
    }
  }
  return {};
}

function remember(id: string, change: Memory) {
  const next = { ...memory.get(id), ...change };
  memory.set(id, next);
  persist(id, next);
}

function persist(id: string, value: Memory) {
  if (!consent) return;
  try {
    localStorage.setItem(KEY + id, JSON.stringify({ ...stored(id), ...value }));
  } catch {
    /* storage full or blocked: the rule holds for this page view */
  }
}

function setConsent(given: boolean) {
  consent = given;
  if (given) memory.forEach((value, id) => persist(id, value));
  else
    try {
      for (const key of Object.keys(localStorage)) if (key.startsWith(KEY)) localStorage.removeItem(key);
    } catch {
      /* nothing stored */
    }
}

/** Whether the visitor's own choices keep the placement away (a close within closedDays, a sign-up). */
function heldBack(p: Placement) {
  const now = Date.now();
  return [memory.get(p.id), stored(p.id)].some((m) => m && (m.signedUp || (m.closedUntil || 0) > now));
}

// Counting -------------------------------------------------------------------------------------

function count(p: Placement, type: PlacementEvent) {
  if (p.preview) return;
  try {
    navigator.sendBeacon(`${p.origin}/l/events`, JSON.stringify({ placement: p.id, type }));
  } catch {
    /* not counted */
  }
}

// The frame ------------------------------------------------------------------------------------

function frameFor(p: Placement, content: 'form' | 'page', onClose: () => void, height = 560) {
  const config = p.config!;
  const url = new URL(config.pageUrl);
  url.searchParams.set(FRAME.placement, p.id);
  url.searchParams.set(FRAME.host, location.href.split('#')[0]!);
  url.searchParams.set(FRAME.content, content);
  new URLSearchParams(location.search).forEach((value, name) => {
    if (/^utm_/i.test(name)) url.searchParams.set(name, value);
  });
  const frame = make('iframe', {
    display: 'block',
    width: '100%',
    height: `${height}px`,
    border: '0',
    margin: '0',
    background: 'transparent',
  });
  frame.title = config.title;
  frame.src = url.href;
  const origins = [p.origin, url.origin, 'null'];
  const onMessage = (event: MessageEvent) => {
    if (event.source !== frame.contentWindow || !origins.includes(event.origin)) return;
    const data = event.data as { type?: string; height?: unknown } | null;
    if (!data) return;
    if (data.type === HEIGHT && typeof data.height === 'number' && data.height > 0)
      css(frame, { height: `${Math.ceil(Math.min(data.height, 20000))}px` });
    else if (data.type === SIGNED_UP && !p.preview) remember(p.id, { signedUp: true });
    else if (data.type === CLOSE_MESSAGE) onClose();
  };
  addEventListener('message', onMessage);
  // The frame reports its height as it loads; ask again in case a report came before we listened.
  frame.addEventListener('load', () => frame.contentWindow?.postMessage({ type: 'lodestone:measure' }, url.origin));
  return { frame, dispose: () => removeEventListener('message', onMessage) };
}

// Displays -------------------------------------------------------------------------------------

/** A fixed layer of our own at the end of <body>: a shadow root keeps the host's CSS out. */
function layer() {
  const host = css(make('div', {}, { 'data-lodestone': '' }), { all: 'initial', display: 'block' });
  doc.body.appendChild(host);
  return { host, root: host.attachShadow({ mode: 'open' }) };
}

function closeButton(onClick: () => void, color = '#374151') {
  const button = make(
    'button',
    {
      all: 'initial',
      position: 'absolute',
      top: '8px',
      right: '8px',
      width: '32px',
      height: '32px',
      'border-radius': '16px',
      background: 'rgba(255,255,255,.9)',
      color,
      font: '24px/32px system-ui,sans-serif',
      'text-align': 'center',
      cursor: 'pointer',
      'z-index': '1',
    },
    { type: 'button', 'aria-label': 'Close' },
  );
  button.textContent = '×';
  button.addEventListener('click', onClick);
  button.addEventListener('focus', () => css(button, { outline: '2px solid #2563eb', 'outline-offset': '2px' }));
  button.addEventListener('blur', () => button.style.removeProperty('outline'));
  return button;
}

/** Overlays open now, newest last: Escape closes the newest. */
const open: Array<() => void> = [];
doc.addEventListener(
  'keydown',
  (event) => {
    if (event.key === 'Escape' && open.length) {
      event.preventDefault();
      open[open.length - 1]!();
    }
  },
  true,
);

/**
 * A display over the host page: the popup (modal: the rest of the page is behind a backdrop,
 * focus is moved in, kept in and given back) or the slide-in (a card in a corner; the page stays usable).
 */
function showOverlay(p: Placement, kind: 'popup' | 'slide-in', onClosed?: () => void) {
  const config = p.config!;
  const modal = kind === 'popup';
  let returnTo = doc.activeElement as HTMLElement | null;
  while (returnTo?.shadowRoot?.activeElement) returnTo = returnTo.shadowRoot.activeElement as HTMLElement;
  const { host, root } = layer();
  const mobile = isMobile();
  const box = make(
    'div',
    {
      position: 'relative',
      background: '#fff',
      color: '#111827',
      'overflow-y': 'auto',
      'box-shadow': '0 20px 50px rgba(0,0,0,.3)',
      font: '16px system-ui,sans-serif',
      ...(modal
        ? { width: 'min(480px, calc(100vw - 24px))', 'max-height': '90vh', 'border-radius': '12px' }
        : mobile
          ? {
              position: 'fixed',
              left: '0',
              right: '0',
              bottom: '0',
              'max-height': '85vh',
              'border-radius': '12px 12px 0 0',
              'z-index': Z,
            }
          : {
              position: 'fixed',
              bottom: '16px',
              [config.settings.corner === 'bottom-left' ? 'left' : 'right']: '16px',
              width: '360px',
              'max-height': 'calc(100vh - 32px)',
              'border-radius': '12px',
              'z-index': Z,
            }),
    },
    { role: 'dialog', 'aria-label': config.title, 'aria-modal': String(modal) },
  );
  const close = (byVisitor: boolean) => {
    const at = open.indexOf(closeByVisitor);
    if (at < 0) return;
    open.splice(at, 1);
    dispose();
    host.remove();
    if (byVisitor && !p.preview && !onClosed && config.settings.closedDays > 0)
      remember(p.id, { closedUntil: Date.now() + config.settings.closedDays * 864e5 });
    p.close = undefined;
    onClosed?.();
    if (modal && returnTo && returnTo.isConnected) returnTo.focus();
  };
  const closeByVisitor = () => close(true);
  const { frame, dispose } = frameFor(p, 'form', closeByVisitor);
  const button = closeButton(closeByVisitor);
  box.append(button, frame);
  if (modal) {
    const backdrop = make('div', {
      position: 'fixed',
      inset: '0',
      background: 'rgba(17,24,39,.6)',
      display: 'flex',
      'align-items': 'center',
      'justify-content': 'center',
      padding: '12px',
      'z-index': Z,
    });
    backdrop.addEventListener('click', (event) => event.target === backdrop && closeByVisitor());
    // Focus kept in: a guard before and after the dialog sends it round to the other end.
    const guard = (to: () => HTMLElement) => {
      const el = make('span', { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden' }, { tabindex: '0' });
      el.addEventListener('focus', () => to().focus());
      return el;
    };
    backdrop.append(
      guard(() => frame),
      box,
      guard(() => button),
    );
    root.append(backdrop);
    animate(backdrop, { opacity: 0 });
    animate(box, { opacity: 0, transform: 'scale(.96)' });
    button.focus();
  } else {
    root.append(box);
    animate(box, { opacity: 0, transform: 'translateY(24px)' });
  }
  open.push(closeByVisitor);
  p.close = close;
  // From the bar, the bar's impression was counted when it appeared: this is its open.
  if (!onClosed) count(p, 'impression');
  count(p, 'open');
}

/** The bar: a fixed strip (the page under it does not move) whose button opens the form as a popup. */
function showBar(p: Placement) {
  const config = p.config!;
  const { host, root } = layer();
  const bar = make(
    'div',
    {
      position: 'fixed',
      left: '0',
      right: '0',
      [config.settings.barPosition]: '0',
      display: 'flex',
      'align-items': 'center',
      'justify-content': 'center',
      gap: '12px',
      padding: '10px 52px 10px 16px',
      background: '#111827',
      color: '#fff',
      font: '15px/1.4 system-ui,sans-serif',
      'z-index': Z,
      'box-shadow': '0 0 12px rgba(0,0,0,.25)',
    },
    { role: 'region', 'aria-label': config.title },
  );
  // The text shrinks and wraps; the button keeps its size: centred content wider than a phone would spill past the edges.
  const text = make('span', { flex: '0 1 auto', 'min-width': '0' });
  text.textContent = config.settings.barText || config.title;
  const cta = make(
    'button',
    {
      all: 'initial',
      flex: 'none',
      background: '#fff',
      color: '#111827',
      font: '600 14px/1 system-ui,sans-serif',
      padding: '9px 14px',
      'border-radius': '6px',
      cursor: 'pointer',
      'white-space': 'nowrap',
    },
    { type: 'button' },
  );
  cta.textContent = config.buttonText;
  cta.setAttribute('aria-haspopup', 'dialog');
  // The form opens over the page; closing it leaves the bar (and the visitor's memory) as it was.
  let formOpen = false;
  cta.addEventListener('click', () => {
    if (formOpen) return;
    formOpen = true;
    showOverlay(p, 'popup', () => {
      formOpen = false;
      p.close = closeBar;
    });
  });
  const closeBar = (byVisitor: boolean) => {
    const at = open.indexOf(closeByVisitor);
    if (at >= 0) open.splice(at, 1);
    host.remove();
    p.close = undefined;
    if (byVisitor && !p.preview && config.settings.closedDays > 0)
      remember(p.id, { closedUntil: Date.now() + config.settings.closedDays * 864e5 });
  };
  const closeByVisitor = () => closeBar(true);
  bar.append(
    text,
    cta,
    css(closeButton(closeByVisitor, '#fff'), { top: '50%', 'margin-top': '-16px', background: 'transparent' }),
  );
  root.append(bar);
  animate(bar, { opacity: 0, transform: `translateY(${config.settings.barPosition === 'top' ? '-' : ''}100%)` });
  open.push(closeByVisitor);
  p.close = closeBar;
  count(p, 'impression');
}

/** Inline: the frame fills the owner's element; counted once half of it is in view. */
function showInline(p: Placement) {
  const target = doc.querySelector(`[data-lodestone-placement="${p.id}"]`);
  if (!target || target.hasAttribute('data-lodestone-filled')) return;
  target.setAttribute('data-lodestone-filled', '');
  const holder = css(make('div'), { all: 'initial', display: 'block', width: '100%' });
  // The frame fills the element's reserve from the start, and never shrinks below it: the form lays
  // out once, at its width, and a shorter form leaves its own background, not a gap, in the reserve.
  const reserve = (target as HTMLElement).offsetHeight || 560;
  const { frame } = frameFor(p, p.config!.settings.inlineContent, () => undefined, reserve);
  css(frame, { 'min-height': `${reserve}px` });
  holder.attachShadow({ mode: 'open' }).append(frame);
  target.append(holder);
  const seen = new IntersectionObserver(
    (entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      seen.disconnect();
      count(p, 'impression');
      count(p, 'open');
    },
    { threshold: 0.5 },
  );
  seen.observe(frame);
}

/** Shows the placement now: `explicit` (a click, the site's own code) skips the visitor's memory and the once-per-view rule. */
function show(p: Placement, explicit: boolean) {
  const config = p.config;
  if (!config) {
    if (explicit) p.openAsked = true;
    return;
  }
  if (p.close) return; // already on screen
  if (!explicit && (p.done || heldBack(p))) return;
  p.done = true;
  const display = config.settings.display;
  if (display === 'bar') showBar(p);
  else if (display === 'inline') showInline(p);
  else showOverlay(p, display);
}

// Triggers -------------------------------------------------------------------------------------

function arm(p: Placement) {
  const { settings } = p.config!;
  const fire = () => show(p, false);
  const afterLoad = (seconds: number) => {
    const start = () => setTimeout(fire, seconds * 1000);
    if (doc.readyState === 'complete') start();
    else addEventListener('load', start, { once: true });
  };
  const onScroll = (test: () => boolean) => {
    const listener = () => {
      if (p.done) removeEventListener('scroll', listener);
      else if (test()) fire();
    };
    addEventListener('scroll', listener, { passive: true });
  };
  if (settings.display === 'inline') return fire();
  if (settings.trigger === 'load') afterLoad(settings.delaySeconds);
  else if (settings.trigger === 'scroll')
    onScroll(() => {
      const room = doc.documentElement.scrollHeight - innerHeight;
      return room > 0 && (scrollY / room) * 100 >= settings.scrollPercent;
    });
  else if (settings.trigger === 'exit') {
    if (!isMobile())
      doc.addEventListener('mouseout', (event) => {
        if (!event.relatedTarget && event.clientY <= 0) fire();
      });
    else if (settings.exitMobile === 'time') afterLoad(settings.delaySeconds);
    else {
      // A quick scroll back up (100px within a second of the furthest point down) after reading on.
      let peak = 0;
      let peakAt = 0;
      onScroll(() => {
        const y = scrollY;
        const now = Date.now();
        if (y >= peak) {
          peak = y;
          peakAt = now;
          return false;
        }
        return peak >= 200 && peak - y >= 100 && now - peakAt < 1000;
      });
    }
  }
  // click: the document's one listener below, for every [data-lodestone-open]; manual: the API only.
}

doc.addEventListener('click', (event) => {
  const target = (event.target as Element | null)?.closest?.('[data-lodestone-open]');
  const p = target && placements.get(target.getAttribute('data-lodestone-open') || '');
  if (!p) return;
  event.preventDefault();
  show(p, true);
});

// Placements -----------------------------------------------------------------------------------

/** Whether this visitor on this page may be shown the placement at all (a preview: always). */
function allowed(p: Placement) {
  const { origins, settings } = p.config!;
  if (p.preview) return true;
  if (!origins.includes(location.origin)) return false;
  if (settings.devices !== 'all' && (settings.devices === 'mobile') !== isMobile()) return false;
  return placementShowsOn(settings, location.href);
}

function start(p: Placement, config: LoaderConfig) {
  p.config = config;
  if (!allowed(p)) {
    // Not on this site: not even the site's own code opens it (the page would refuse the frame anyway).
    if (!p.preview && !config.origins.includes(location.origin)) return placements.delete(p.id);
    if (p.openAsked) show(p, true);
    return;
  }
  arm(p);
  if (p.openAsked) show(p, true);
}

/** Runs `work` once the host page has loaded, in a task of its own: nothing of ours competes with the page's own loading. */
function afterHostLoad(work: () => void) {
  if (doc.readyState === 'complete') setTimeout(work, 0);
  else addEventListener('load', () => setTimeout(work, 0), { once: true });
}

function placementOf(id: string, origin: string, preview?: string | null): Placement | undefined {
  if (placements.has(id)) return placements.get(id);
  // A placement's id, or the owner's screen's preview (its settings in the tag, its frame the page's preview mode).
  if (!/^plc_[0-9A-Za-z]{16}$/.test(id) && !(preview != null && id === 'preview')) return undefined;
  const p: Placement = { id, origin, preview: preview != null };
  placements.set(id, p);
  if (preview != null) {
    try {
      start(p, JSON.parse(preview) as LoaderConfig);
    } catch {
      placements.delete(id);
    }
  } else
    afterHostLoad(() =>
      fetch(`${origin}/l/${id}`, { credentials: 'omit' })
        .then((res) => (res.ok ? (res.json() as Promise<LoaderConfig>) : null))
        .then((config) => (config ? start(p, config) : placements.delete(id)))
        .catch(() => placements.delete(id)),
    );
  return p;
}

let defaultOrigin = '';

function scan() {
  doc.querySelectorAll<HTMLScriptElement>('script[data-placement]').forEach((script) => {
    if (handled.has(script)) return;
    handled.add(script);
    const origin = new URL(script.src || location.href).origin;
    defaultOrigin ||= origin;
    placementOf(script.getAttribute('data-placement') || '', origin, script.getAttribute('data-preview-config'));
  });
}

function api(command: string, ...args: unknown[]) {
  if (command === 'consent') setConsent(args[0] === true);
  else if (command === 'open') {
    const p = placementOf(String(args[0]), defaultOrigin);
    if (p) show(p, true);
  } else if (command === 'close')
    placements.forEach((p) => {
      if (args[0] === undefined || args[0] === p.id) p.close?.(true);
    });
}

/** The IAB TCF consent platform, if the site has one: purpose 1 (store on a device) is our consent. */
function readConsentPlatform() {
  try {
    w.__tcfapi?.(
      'addEventListener',
      2,
      (data: { gdprApplies?: boolean; purpose?: { consents?: Record<string, boolean> }; eventStatus?: string }, ok: boolean) => {
        if (!ok || !data || (data.eventStatus !== 'tcloaded' && data.eventStatus !== 'useractioncomplete')) return;
        setConsent(data.gdprApplies === false || data.purpose?.consents?.[1] === true);
      },
    );
  } catch {
    /* no consent from it */
  }
}

// A second copy of this script only finds the script tags the first has not handled yet.
const current = doc.currentScript as HTMLScriptElement | null;
if (w.lodestone && w.lodestone.loaded) w.lodestone.loaded(current!);
else {
  defaultOrigin = current && current.src ? new URL(current.src).origin : '';
  const queued = (w.lodestone && w.lodestone.q) || [];
  const lodestone: Api = Object.assign(api, { loaded: () => scan() });
  w.lodestone = lodestone;
  readConsentPlatform();
  scan();
  for (const args of Array.from(queued)) api(...(Array.from(args) as [string, ...unknown[]]));
  if (doc.readyState === 'loading') doc.addEventListener('DOMContentLoaded', scan);
}
