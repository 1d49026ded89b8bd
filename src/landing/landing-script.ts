/**
 * The published page's only script (plain, a few hundred bytes; the page works without it). While a
 * submission is in flight the submit button reads 'Submitting...' (its data-submitting-label) and a
 * second press does not post again; coming back through the back/forward cache restores it. Hidden
 * fields (data-ls-param) take their value from the page's address (?utm_source=…) unless they hold one
 * already (a page shown again after a failed POST): set as text, cut to 500 characters (the server
 * cuts again), never run. The page stays one cached document for every address it is opened with.
 *
 * Sections (sections.tsx): a deadline's countdown ticks each second down to zero (the page's words
 * say when the offer ends; the digits are shown only when this runs). A video's play button, a link
 * to the video on its provider's site, becomes the player in the same box when pressed: an iframe of
 * its privacy-enhanced address (data-ls-video, checked again here against the only two hosts the
 * page's CSP lets it frame), so nothing is fetched from the provider before the press. A press with
 * a modifier (a new tab) is left to the link.
 * Inline it as <script>{landingScript}</script> after the form, with a CSP nonce or hash.
 */
export const landingScript = `(function(){
var params=new URLSearchParams(location.search);
document.querySelectorAll('input[data-ls-param]').forEach(function(input){
var value=params.get(input.getAttribute('data-ls-param'));
if(value&&!input.value)input.value=value.slice(0,500);
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
