/**
 * The published page's only script (plain, a few hundred bytes; the page works without it). While a
 * submission is in flight the submit button reads 'Submitting...' (its data-submitting-label) and a
 * second press does not post again; coming back through the back/forward cache restores it. Hidden
 * fields (data-ls-param) take their value from the page's address (?utm_source=…) unless they hold one
 * already (a page shown again after a failed POST): set as text, cut to 500 characters (the server
 * cuts again), never run. The page stays one cached document for every address it is opened with.
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
})();`;
