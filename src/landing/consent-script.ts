/**
 * The consent loader of a published page with tracking (plain script, allowed by its hash). It reads
 * everything from the notice's data attributes, so its text, and so its hash, is the same on every
 * page. Nothing third-party loads before the visitor presses Accept:
 * - the choice is kept in localStorage on the public origin, per page and per `scope` (what the page
 *   loads), so a page that adds a pixel asks again; no cookie is set by our server. A page that runs
 *   its owner's code is sandboxed (an opaque origin, without storage or cookies): there the choice
 *   lasts until the page is left, and the loader's storage and cookie calls must not throw;
 * - Accept loads the Meta Pixel (init + PageView), gtag.js for a G- id or the GTM container for a
 *   GTM- id, and runs the owner's script: the JSON string in <script type="application/json"
 *   data-ls-custom>, executed as an inline script whose text the page's CSP allows by hash;
 * - Decline (also later, from 'Cookie settings') removes the trackers' cookies and, if they were
 *   loaded, reloads the page without them.
 * - Accept also marks the page's forms (docs/decisions/0088): hidden `ls_mk` (the scope accepted)
 *   and `ls_eid` (a random event id); on submit they carry the platforms' browser ids (_fbp, _fbc,
 *   _ga, _ttp) and the Meta pixel, when loaded, fires Lead with that event id, which the server's
 *   conversion repeats so Meta counts it once. Decline removes the marks.
 */
export const consentLoaderScript = `(function(){
var d=document,w=window,n=d.querySelector('[data-ls-consent]'),f=d.querySelector('[data-ls-consent-settings]');
if(!n)return;
function a(k){return n.getAttribute('data-ls-'+k)}
var key='ls-consent:'+a('form'),scope=a('scope'),loaded=false;
function get(){try{return localStorage.getItem(key)}catch(e){return null}}
function set(c){try{localStorage.setItem(key,c+':'+scope)}catch(e){}}
function add(src){var s=d.createElement('script');s.async=true;s.src=src;d.head.appendChild(s)}
function load(){
if(loaded)return;
loaded=true;
var meta=a('meta'),google=a('google'),custom=d.querySelector('script[data-ls-custom]');
if(meta){
var q=w.fbq=function(){q.callMethod?q.callMethod.apply(q,arguments):q.queue.push(arguments)};
if(!w._fbq)w._fbq=q;
q.push=q;q.loaded=true;q.version='2.0';q.queue=[];
q('init',meta);q('track','PageView');
add('https://connect.facebook.net/en_US/fbevents.js');
}
if(google){
var l=w.dataLayer=w.dataLayer||[];
if(google.indexOf('GTM-')===0){
l.push({'gtm.start':new Date().getTime(),event:'gtm.js'});
add('https://www.googletagmanager.com/gtm.js?id='+encodeURIComponent(google));
}else{
w.gtag=function(){l.push(arguments)};
w.gtag('js',new Date());
w.gtag('config',google,{cookie_domain:'none'});
add('https://www.googletagmanager.com/gtag/js?id='+encodeURIComponent(google));
}
}
if(custom){var s=d.createElement('script');s.text=JSON.parse(custom.textContent);d.body.appendChild(s);}
}
function put(f,k,v){var i=f.querySelector('input[name="'+k+'"]');if(!i){i=d.createElement('input');i.type='hidden';i.name=k;i.setAttribute('data-ls-mark','');f.appendChild(i);}i.value=v;}
function cookie(k){var m;try{m=d.cookie.match(new RegExp('(?:^|; )'+k+'=([^;]*)'))}catch(e){}return m?decodeURIComponent(m[1]):''}
function mark(on){
d.querySelectorAll('form[data-ls-form]').forEach(function(f){
if(!on){f.querySelectorAll('[data-ls-mark]').forEach(function(i){i.remove()});return;}
if(f.querySelector('input[name=ls_eid]'))return;
var b=new Uint8Array(16),id='';
if(w.crypto)w.crypto.getRandomValues(b);else b=b.map(function(){return Math.random()*256});
b.forEach(function(x){id+=(x<16?'0':'')+x.toString(16)});
put(f,'ls_mk',scope);put(f,'ls_eid',id);
f.addEventListener('submit',function(){
if(!f.querySelector('input[name=ls_mk]'))return;
var ga=cookie('_ga').split('.').slice(2).join('.');
put(f,'ls_fbp',cookie('_fbp'));put(f,'ls_fbc',cookie('_fbc'));put(f,'ls_ga',ga);put(f,'ls_ttp',cookie('_ttp'));
if(w.fbq)w.fbq('track','Lead',{},{eventID:id});
});
});
}
function forget(){
var all;try{all=d.cookie}catch(e){return}
all.split(';').forEach(function(c){
var k=c.split('=')[0].trim(),h=location.hostname.split('.');
if(!/^(_ga|_gid|_gat|_gcl|_fbp|_fbc)/.test(k))return;
d.cookie=k+'=;Max-Age=0;path=/';
for(var i=0;i<h.length-1;i++)d.cookie=k+'=;Max-Age=0;path=/;domain='+h.slice(i).join('.');
});
}
function pad(){
var h=n.hidden?'':n.offsetHeight+'px';
d.body.style.paddingBottom=h;
d.documentElement.style.scrollPaddingBottom=h;
}
function show(open){n.hidden=!open;if(f)f.hidden=open;pad();}
n.addEventListener('click',function(e){
var b=e.target.closest?e.target.closest('[data-ls-choice]'):null;
if(!b)return;
var c=b.getAttribute('data-ls-choice');
set(c);
show(false);
var m=d.querySelector('main');
if(m){m.setAttribute('tabindex','-1');m.focus({preventScroll:true});}
mark(c==='accept');
if(c==='accept')return load();
forget();
if(loaded)location.reload();
});
if(f)f.querySelector('button').addEventListener('click',function(){show(true);n.querySelector('[data-ls-choice]').focus();});
w.addEventListener('resize',pad);
var v=get();
if(v==='accept:'+scope){mark(true);load();show(false);}
else show(v!=='decline:'+scope);
})();`;
