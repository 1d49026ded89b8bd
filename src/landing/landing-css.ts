/**
 * The landing page's whole stylesheet. The published page carries no Tailwind: this string is
 * inlined into its document, and the SPA preview injects it with <LandingStyles />. Every rule is
 * scoped under `.ls-page` and sets its own margins, fonts and sizes, so the page looks the same with
 * or without the app's CSS reset. Mobile first; colours meet WCAG AA on their backgrounds.
 */
export const landingCss = `
.ls-page{--ls-accent:#4338ca;--ls-accent-dark:#3730a3;--ls-on-accent:#fff;--ls-link:#4338ca;--ls-head:#111827;--ls-head-muted:#4b5563;--ls-head-accent:#4338ca;--ls-soft:#f5f7ff;--ls-bg:linear-gradient(180deg,#eef2ff 0,#f9fafb 20rem);--ls-font:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;--ls-text:#111827;--ls-muted:#4b5563;--ls-line:#6b7280;--ls-error:#b91c1c;box-sizing:border-box;width:100%;padding:2rem 1rem 3rem;background:var(--ls-bg);color:var(--ls-text);font:400 1rem/1.5 var(--ls-font);-webkit-font-smoothing:antialiased;text-align:start}
.ls-page *,.ls-page *::before,.ls-page *::after{box-sizing:border-box}
.ls-page .ls-container{display:block;max-width:36rem;margin:0 auto;padding:0}
.ls-page .ls-header{margin:0 0 1.5rem;color:var(--ls-head);text-align:center}
.ls-page .ls-logo{display:block;margin:0 auto 1rem}
.ls-page .ls-business{margin:0 0 .5rem;color:var(--ls-head-accent);font-size:.8125rem;font-weight:600;letter-spacing:.06em;text-transform:uppercase}
.ls-page .ls-title{margin:0;font-size:1.75rem;font-weight:800;line-height:1.2;letter-spacing:-.01em;overflow-wrap:anywhere}
.ls-page .ls-description{margin:.75rem 0 0;color:var(--ls-head-muted);font-size:1.0625rem;white-space:pre-line;overflow-wrap:anywhere}
.ls-page .ls-card,.ls-page .ls-panel{margin:0;padding:1.25rem;border:1px solid #e5e7eb;border-radius:1rem;background:#fff;color:var(--ls-text);box-shadow:0 10px 30px -12px rgba(17,24,39,.18)}
.ls-page .ls-card{scroll-margin-top:1rem}
.ls-page .ls-form{display:grid;gap:1rem;margin:0}
.ls-page .ls-field{display:grid;gap:.375rem;margin:0;min-width:0}
.ls-page .ls-label{display:block;margin:0;padding:0;font-size:.9375rem;font-weight:600;color:var(--ls-text)}
.ls-page .ls-req{color:var(--ls-error)}
.ls-page .ls-input{display:block;width:100%;min-height:2.75rem;margin:0;padding:.625rem .75rem;border:1px solid var(--ls-line);border-radius:.5rem;background:#fff;color:var(--ls-text);font:inherit;line-height:1.4;appearance:none}
.ls-page textarea.ls-input{min-height:6rem;resize:vertical}
.ls-page select.ls-input{padding-inline-end:2.25rem;background-image:linear-gradient(45deg,transparent 50%,var(--ls-muted) 50%),linear-gradient(135deg,var(--ls-muted) 50%,transparent 50%);background-position:calc(100% - 1.125rem) 50%,calc(100% - .8125rem) 50%;background-size:.3125rem .3125rem;background-repeat:no-repeat;cursor:pointer}
.ls-page:dir(rtl) select.ls-input{background-position:.8125rem 50%,1.125rem 50%}
.ls-page .ls-input::placeholder{color:#6b7280;opacity:1}
.ls-page .ls-input[aria-invalid=true]{border-color:var(--ls-error)}
.ls-page .ls-check{display:flex;align-items:flex-start;gap:.625rem;margin:0;font-size:.9375rem}
.ls-page .ls-check input{flex:none;width:1.25rem;height:1.25rem;margin:.125rem 0 0;accent-color:var(--ls-link)}
.ls-page .ls-check label{margin:0}
.ls-page .ls-consent .ls-check{color:var(--ls-muted);font-size:.875rem}
.ls-page .ls-policy-link{color:var(--ls-link);text-decoration:underline;text-underline-offset:2px}
.ls-page .ls-policy-link:focus-visible{outline:3px solid var(--ls-link);outline-offset:2px}
.ls-page .ls-payment{display:grid;gap:.75rem;margin:0;padding:1rem;border-radius:.75rem;background:var(--ls-soft)}
.ls-page .ls-price{margin:0;font-size:1.125rem}
.ls-page .ls-price strong{font-weight:800}
.ls-page .ls-money{display:flex}
.ls-page .ls-money-symbol{display:flex;align-items:center;padding:0 .75rem;border:1px solid var(--ls-line);border-inline-end:0;border-start-start-radius:.5rem;border-end-start-radius:.5rem;background:#f3f4f6;color:var(--ls-muted);font-weight:600}
.ls-page .ls-money .ls-input{border-radius:0;border-start-end-radius:.5rem;border-end-end-radius:.5rem;min-width:0}
.ls-page .ls-choices{display:grid;gap:.5rem;margin:0;padding:0;border:0;min-width:0}
.ls-page .ls-choices legend{margin:0 0 .375rem;padding:0}
.ls-page .ls-hint{margin:0;color:var(--ls-muted);font-size:.875rem}
.ls-page .ls-error{margin:0;color:var(--ls-error);font-size:.875rem;font-weight:500}
.ls-page .ls-alert{margin:0;padding:.75rem 1rem;border-radius:.5rem;background:#fef2f2;color:var(--ls-error);font-weight:500}
.ls-page .ls-button{display:inline-flex;align-items:center;justify-content:center;width:100%;min-height:3rem;margin:.25rem 0 0;padding:.75rem 1.25rem;border:0;border-radius:.625rem;background:var(--ls-accent);box-shadow:inset 0 0 0 1px var(--ls-edge,transparent);color:var(--ls-on-accent);font:inherit;font-size:1.0625rem;font-weight:700;line-height:1.25;text-align:center;text-decoration:none;cursor:pointer;transition:background-color .15s}
.ls-page .ls-button:hover{background:var(--ls-accent-dark)}
.ls-page .ls-button:disabled{background:#6b7280;color:#fff;cursor:not-allowed;opacity:.75}
.ls-page .ls-link{margin:0;padding:0;border:0;background:none;color:var(--ls-link);font:inherit;font-size:.9375rem;text-decoration:underline;cursor:pointer;justify-self:start}
.ls-page .ls-input:focus-visible,.ls-page .ls-check input:focus-visible,.ls-page .ls-button:focus-visible,.ls-page .ls-link:focus-visible,.ls-page .ls-thanks:focus-visible{outline:3px solid var(--ls-link);outline-offset:2px}
.ls-page .ls-input:focus-visible{border-color:var(--ls-link)}
.ls-page .ls-thanks{display:grid;gap:.75rem;text-align:center;outline:none}
.ls-page .ls-thanks-title{margin:0;font-size:1.5rem;font-weight:800;line-height:1.25}
.ls-page .ls-text{margin:0;white-space:pre-line;overflow-wrap:anywhere}
.ls-page .ls-thanks .ls-link{justify-self:center}
.ls-page .ls-hp{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
.ls-page .ls-badge{margin:1.5rem 0 0;text-align:center;font-size:.8125rem;line-height:1.5}
.ls-page .ls-badge a{color:var(--ls-head-muted);text-decoration:none}
.ls-page .ls-badge a:hover{text-decoration:underline;text-underline-offset:2px}
.ls-page .ls-badge a:focus-visible{outline:3px solid var(--ls-head-accent);outline-offset:2px;border-radius:2px}
.ls-page .ls-languages ul{display:flex;flex-wrap:wrap;justify-content:center;gap:.25rem 1rem;margin:0 0 .5rem;padding:0;list-style:none}
.ls-page .ls-languages a[aria-current]{color:var(--ls-head);font-weight:600}
.ls-page .ls-cover{display:block;width:100%;height:auto;max-height:20rem;margin:0 0 1.5rem;border-radius:1rem;background:var(--ls-soft);object-fit:cover}
.ls-page .ls-ended{margin:0;padding:1rem 0;font-size:1.25rem;font-weight:700;text-align:center;overflow-wrap:anywhere}
.ls-page .ls-rich{white-space:normal;overflow-wrap:anywhere}
.ls-page .ls-rich p,.ls-page .ls-rich ul,.ls-page .ls-rich ol{margin:0 0 .75em}
.ls-page .ls-rich>:last-child{margin-bottom:0}
.ls-page .ls-rich p{white-space:pre-line}
.ls-page .ls-rich ul,.ls-page .ls-rich ol{padding-inline-start:1.25em}
.ls-page .ls-rich a{color:var(--ls-link);text-decoration:underline;text-underline-offset:2px}
.ls-page .ls-header .ls-rich a{color:var(--ls-head-accent)}
.ls-page .ls-header .ls-rich ul,.ls-page .ls-header .ls-rich ol{display:inline-block;text-align:start}
.ls-page .ls-section a:focus-visible,.ls-page .ls-faq summary:focus-visible{outline:3px solid var(--ls-link);outline-offset:2px}
.ls-page .ls-header .ls-rich a:focus-visible{outline:3px solid var(--ls-head-accent);outline-offset:2px}
.ls-page .ls-sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.ls-page .ls-sections{display:grid;gap:2.5rem;margin:2.5rem 0 0;min-width:0}
.ls-page .ls-section{min-width:0}
.ls-page .ls-h2{margin:0 0 1rem;color:var(--ls-head);font-size:1.375rem;font-weight:800;line-height:1.25;text-align:center;overflow-wrap:anywhere}
.ls-page .ls-benefits,.ls-page .ls-logos,.ls-page .ls-links{list-style:none}
.ls-page .ls-benefits{display:grid;gap:1rem}
.ls-page .ls-benefits li{display:flex;gap:.875rem;align-items:flex-start;min-width:0}
.ls-page .ls-benefits .ls-rich{padding-top:.5rem;min-width:0}
.ls-page .ls-icon-box{display:flex;flex:none;align-items:center;justify-content:center;width:2.5rem;height:2.5rem;border-radius:.75rem;background:var(--ls-soft);color:var(--ls-link)}
.ls-page .ls-icon{width:1.375rem;height:1.375rem;fill:none;stroke:currentColor;stroke-width:2;stroke-linecap:round;stroke-linejoin:round}
.ls-page .ls-quotes{display:grid;gap:1rem}
.ls-page .ls-quote{display:flex;flex-direction:column;gap:1rem}
.ls-page .ls-quote blockquote{margin:0;font-size:1.0625rem}
.ls-page .ls-quote blockquote::before{content:"\\201C"/"";display:block;height:1.75rem;color:var(--ls-link);font:800 3rem/1 Georgia,serif}
.ls-page .ls-quote figcaption{display:flex;align-items:center;gap:.75rem;margin-top:auto;font-size:.9375rem}
.ls-page figcaption strong,.ls-page .ls-role{display:block}
.ls-page .ls-role{color:var(--ls-muted)}
.ls-page .ls-avatar{flex:none;border-radius:50%;object-fit:cover;background:var(--ls-soft)}
.ls-page .ls-author{display:flex;flex-wrap:wrap;gap:1.25rem;align-items:flex-start}
.ls-page .ls-author>div{flex:1 1 16rem;min-width:0}
.ls-page .ls-author-name{margin:0 0 .5rem;font-size:1.125rem;font-weight:700}
.ls-page .ls-links{display:flex;flex-wrap:wrap;gap:.5rem;margin:1rem 0 0;padding:0}
.ls-page .ls-links a{display:inline-block;padding:.375rem .875rem;border:1px solid var(--ls-line);border-radius:999px;color:var(--ls-link);font-size:.875rem;font-weight:600;text-decoration:none;overflow-wrap:anywhere}
.ls-page .ls-faq{padding-top:.25rem;padding-bottom:.25rem}
.ls-page .ls-faq details+details{border-top:1px solid #e5e7eb}
.ls-page .ls-faq summary{display:flex;justify-content:space-between;gap:1rem;padding:1rem 0;font-weight:600;cursor:pointer;list-style:none;overflow-wrap:anywhere}
.ls-page .ls-faq summary::-webkit-details-marker{display:none}
.ls-page .ls-faq summary::after{content:"+"/"";flex:none;color:var(--ls-link);font-size:1.5rem;line-height:1;transition:transform .15s}
.ls-page .ls-faq details[open] summary::after{transform:rotate(45deg)}
.ls-page .ls-answer{padding:0 0 1rem;color:var(--ls-muted)}
.ls-page .ls-logos{display:flex;flex-wrap:wrap;align-items:center;justify-content:center;gap:1.25rem 2rem}
.ls-page .ls-logos img{display:block;max-width:100%;height:auto}
.ls-page .ls-video{position:relative;aspect-ratio:16/9;border-radius:1rem;overflow:hidden;background:linear-gradient(135deg,var(--ls-accent),var(--ls-accent-dark));box-shadow:0 0 0 1px rgba(255,255,255,.25),0 10px 30px -12px rgba(17,24,39,.45)}
.ls-page .ls-video a,.ls-page .ls-video iframe{position:absolute;inset:0;width:100%;height:100%;border:0}
.ls-page .ls-video a{display:flex;flex-direction:column;align-items:center;justify-content:center;gap:.875rem;padding:1rem;color:var(--ls-on-accent);font-weight:700;text-align:center;text-decoration:none}
.ls-page .ls-video a:focus-visible{outline:3px solid var(--ls-on-accent);outline-offset:-8px;border-radius:1rem}
.ls-page .ls-play-button{display:flex;align-items:center;justify-content:center;width:4.5rem;height:4.5rem;border-radius:50%;background:var(--ls-on-accent);color:var(--ls-accent);box-shadow:0 8px 24px rgba(0,0,0,.25);transition:transform .15s}
.ls-page .ls-video a:hover .ls-play-button{transform:scale(1.08)}
.ls-page .ls-play{width:2rem;height:2rem;margin-left:.25rem;fill:currentColor}
.ls-page .ls-deadline{text-align:center}
.ls-page .ls-deadline-text{margin:0;font-size:1.0625rem;font-weight:600}
.ls-page .ls-countdown{display:grid;grid-template-columns:repeat(4,minmax(3.5rem,auto));justify-content:center;gap:.375rem;margin:1rem 0 0}
.ls-page .ls-countdown:not([data-on]){visibility:hidden}
.ls-page .ls-unit{display:flex;flex-direction:column;align-items:center;padding:.5rem .375rem;border-radius:.75rem;background:var(--ls-soft);color:var(--ls-muted);font-size:.75rem;letter-spacing:.04em;text-transform:uppercase}
.ls-page .ls-num{color:var(--ls-text);font-size:1.5rem;font-weight:800;line-height:1.2;font-variant-numeric:tabular-nums}
.ls-page .ls-cta{display:grid;gap:1rem;justify-items:center;font-size:1.0625rem;text-align:center}
.ls-page .ls-cta .ls-button{width:auto;min-width:min(100%,16rem);margin:0}
@media (scripting:none){.ls-page .ls-countdown{display:none}}
@media (min-width:48rem){.ls-page .ls-side{display:grid;max-width:66rem;grid-template:"h k" auto "c k" auto "s k" 1fr "f f" auto/minmax(0,1fr) minmax(0,1fr);column-gap:3rem;align-items:start}.ls-page .ls-side.ls-right{grid-template-areas:"k h" "k c" "k s" "f f"}.ls-page .ls-side .ls-cover{grid-area:c;max-height:28rem;margin:1.5rem 0 0}.ls-page .ls-side .ls-header{grid-area:h;margin:0}.ls-page .ls-side .ls-sections{grid-area:s}.ls-page .ls-side .ls-card{grid-area:k;position:sticky;top:1.5rem;max-height:calc(100vh - 3rem);overflow-y:auto}.ls-page .ls-side .ls-badge{grid-area:f}.ls-page .ls-wide{max-width:52rem}.ls-page .ls-wide>.ls-header,.ls-page .ls-wide>.ls-cover,.ls-page .ls-wide>.ls-card{max-width:36rem;margin-left:auto;margin-right:auto}.ls-page .ls-wide .ls-benefits{grid-template-columns:1fr 1fr}.ls-page .ls-wide .ls-quotes{grid-template-columns:repeat(auto-fit,minmax(15rem,1fr))}.ls-page .ls-h2{font-size:1.75rem}}
@media (min-width:40rem){.ls-page{padding:4rem 1.5rem 5rem}.ls-page .ls-title{font-size:2.25rem}.ls-page .ls-card{padding:2rem}}
@media (prefers-reduced-motion:reduce){.ls-page .ls-button,.ls-page .ls-play-button,.ls-page .ls-faq summary::after{transition:none}}
`.trim();

/** For the published page's own document: no margins around the page, which fills the window. */
export const landingDocumentCss = `html,body{margin:0;padding:0;background:#f9fafb}.ls-page{min-height:100vh}\n${landingCss}`;
