import { COMMON_MAIL_DOMAINS, TLD_SLIPS } from '@/domain/email-typos';
import { RESERVED_NAMES } from '@/domain/form-config';
import { TYPO_ADDRESS } from './typo-suggestion';

/**
 * suggest(address): the address with its domain corrected, or '' (domain/email-typos.ts's
 * suggestEmail, for the browser: a test holds the two to the same answers).
 */
export const TYPO_FUNCTIONS = `var DOMAINS='${COMMON_MAIL_DOMAINS.join(' ')}'.split(' '),SLIPS=Object.create(null);
'${Object.entries(TLD_SLIPS)
  .map(([typed, meant]) => `${typed}:${meant}`)
  .join(' ')}'.split(' ').forEach(function(p){p=p.split(':');SLIPS[p[0]]=p[1];});
function distance(a,b){
var r=[],i,j,c;
for(i=0;i<=a.length;i++){r[i]=[i];for(j=1;j<=b.length;j++){
if(!i){r[0][j]=j;continue;}
c=Math.min(r[i-1][j]+1,r[i][j-1]+1,r[i-1][j-1]+(a[i-1]==b[j-1]?0:1));
if(i>1&&j>1&&a[i-1]==b[j-2]&&a[i-2]==b[j-1])c=Math.min(c,r[i-2][j-2]+1);
r[i][j]=c;
}}
return r[a.length][b.length];
}
function tld(d){return d.slice(d.lastIndexOf('.')+1);}
function suggest(v){
v=v.trim();
var at=v.lastIndexOf('@'),d=v.slice(at+1).trim().toLowerCase().replace(/\\.$/,''),best='',least=9,tie=false,k;
if(at<1||d.indexOf('.')<0||DOMAINS.indexOf(d)>=0)return '';
DOMAINS.forEach(function(t){
if(t.length<6)return;
var n=distance(d,t),x=tld(d),y=tld(t);
if(n>(t.length>=9?2:1)||(x!=y&&(n==1?y!='com'&&x.length==2:SLIPS[x]!=y)))return;
if(n<least){best=t;least=n;tie=false;}else if(n==least)tie=true;
});
if(!best||tie){k=d.lastIndexOf('.');best=SLIPS[tld(d)]&&k>0?d.slice(0,k+1)+SLIPS[tld(d)]:'';}
return best?v.slice(0,at)+'@'+best:'';
}`;

/**
 * The published page's only script (plain, a few hundred bytes; the page works without it). While a
 * submission is in flight the submit button reads 'Submitting...' (its data-submitting-label) and a
 * second press does not post again; coming back through the back/forward cache restores it. Hidden
 * fields (data-ls-param) take their value from the page's address (?utm_source=…) unless they hold one
 * already (a page shown again after a failed POST): set as text, cut to 500 characters (the server
 * cuts again), never run. The page stays one cached document for every address it is opened with.
The referrer field, left empty in a page kept by shared caches (decision 0091), takes the browser's
referrer the same way.
 *
 * Sections (sections.tsx): a deadline's countdown ticks each second down to zero (the page's words
 * say when the offer ends; the digits are shown only when this runs). A video's play button, a link
 * to the video on its provider's site, becomes the player in the same box when pressed: an iframe of
 * its privacy-enhanced address (data-ls-video, checked again here against the only two hosts the
 * page's CSP lets it frame), so nothing is fetched from the provider before the press. A press with
 * a modifier (a new tab) is left to the link.
 * Address typos (domain/email-typos.ts, the same rules in TYPO_FUNCTIONS): when the email field
 * loses focus, or the form is first sent, with a likely typo, its suggestion shows under the field
 * (typo-suggestion.tsx) and the form is held once; pressing the suggestion puts it in the field, and
 * the visitor's next press sends whatever is there. A suggestion that appears when the field loses
 * focus to a press elsewhere waits until that press is over: shown at once, it would move what was
 * being pressed (the consent checkbox) from under the finger. The submit listener comes before the one that
 * marks the form as sending, so a held form is not left marked.
 * Inline it as <script>{landingScript}</script> after the form, with a CSP nonce or hash.
 */
export const landingScript = `(function(){
var params=new URLSearchParams(location.search);
document.querySelectorAll('input[data-ls-param]').forEach(function(input){
var value=params.get(input.getAttribute('data-ls-param'));
if(value&&!input.value)input.value=value.slice(0,500);
});
var ref=document.querySelector('input[name=${RESERVED_NAMES.referrer}]');
if(ref&&!ref.value)ref.value=document.referrer.slice(0,500);
${TYPO_FUNCTIONS}
var pressed=false;
window.addEventListener('pointerdown',function(){pressed=true;},true);
['pointerup','pointercancel'].forEach(function(n){window.addEventListener(n,function(){pressed=false;},true);});
function afterPress(f){
if(!pressed)return setTimeout(f,0);
function done(){window.removeEventListener('pointerup',done,true);window.removeEventListener('pointercancel',done,true);setTimeout(f,0);}
window.addEventListener('pointerup',done,true);window.addEventListener('pointercancel',done,true);
}
document.querySelectorAll('[data-ls-typo]').forEach(function(box){
var form=box.closest('form'),seen=form&&form.elements.namedItem('${RESERVED_NAMES.typoSeen}'),input=box.parentNode.querySelector('input[type=email]'),shown='';
if(!seen||!input)return;
function say(k,v){return box.getAttribute('data-ls-'+k).replace('${TYPO_ADDRESS}',function(){return v;});}
function show(s,v){
if(shown===s+' '+v)return;
shown=s+' '+v;
box.textContent='';
var p=document.createElement('p');
p.className='ls-label';p.textContent=say('suggest',s);
box.appendChild(p);
[['use',s],['keep',v]].forEach(function(c){
var b=document.createElement('button');
b.type='button';b.className='ls-link';b.textContent=say(c[0],c[1]);
b.addEventListener('click',function(){if(c[0]=='use')input.value=s;else seen.value=v;hide();input.focus();});
box.appendChild(b);
});
}
function hide(){box.textContent='';shown='';}
input.addEventListener('blur',function(e){
var v=input.value.trim(),s=suggest(v),r=e.relatedTarget;
if(!s)hide();else if(!(r&&r.type=='submit'&&r.form==form))afterPress(function(){if(document.activeElement!==input)show(s,v);});
});
form.addEventListener('submit',function(e){
var v=input.value.trim(),s=suggest(v);
if(!s||seen.value.toLowerCase()==v.toLowerCase()||(e.submitter&&e.submitter.name=='${RESERVED_NAMES.typoFix}'))return;
e.preventDefault();e.stopImmediatePropagation();
seen.value=v;
show(s,v);
});
});
document.querySelectorAll('form[data-ls-form]').forEach(function(form){
var button=form.querySelector('[data-ls-submit]');
if(!button)return;
var label=button.textContent,sending=false;
form.addEventListener('submit',function(event){
if(sending){event.preventDefault();return;}
sending=true;
button.textContent=button.getAttribute('data-submitting-label')||label;
button.setAttribute('aria-disabled','true');
});
window.addEventListener('pageshow',function(event){
if(!event.persisted)return;
sending=false;
button.textContent=label;
button.removeAttribute('aria-disabled');
});
});
document.querySelectorAll('[data-ls-deadline]').forEach(function(box){
var end=Date.parse(box.getAttribute('data-ls-deadline')),units=box.querySelectorAll('[data-ls-unit]');
(function tick(){
var s=Math.max(0,Math.floor((end-Date.now())/1000)),v=[s/86400,s/3600%24,s/60%60,s%60];
units.forEach(function(u,i){var n=Math.floor(v[i]);u.textContent=n<10?'0'+n:n;});
box.setAttribute('data-on','');
if(s>0)setTimeout(tick,1000-Date.now()%1000);
})();
});
document.querySelectorAll('a[data-ls-video]').forEach(function(link){
link.addEventListener('click',function(event){
var src=link.getAttribute('data-ls-video');
if(event.ctrlKey||event.metaKey||event.shiftKey||event.altKey||!/^https:\\/\\/(www\\.youtube-nocookie\\.com|player\\.vimeo\\.com)\\//.test(src))return;
event.preventDefault();
var frame=document.createElement('iframe');
frame.src=src;
frame.title=link.getAttribute('data-ls-title');
frame.allow='autoplay; fullscreen; picture-in-picture; encrypted-media';
frame.allowFullscreen=true;
frame.referrerPolicy='strict-origin-when-cross-origin';
link.replaceWith(frame);
frame.focus();
});
});
})();`;
