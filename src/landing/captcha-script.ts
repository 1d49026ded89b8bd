import { RECAPTCHA_ACTION } from '@/domain/captcha-widgets';

/**
 * reCAPTCHA v3 on a published page (docs/decisions/0087): it has no widget to solve, so the first press
 * of the button asks Google for a token (grecaptcha.execute with the sign-up's action), puts it in the
 * form's hidden g-recaptcha-response input and sends the form again, this time for real (the landing
 * script's 'Submitting...' then runs as usual). Presses while Google answers do nothing. Without
 * Google's script (blocked, offline) the form goes as it is, and the server asks to try again.
 * Inline it after the input that carries the site key (data-ls-recaptcha), allowed by its hash.
 */
export const recaptchaScript = `(function(){
var input=document.querySelector('input[data-ls-recaptcha]');
if(!input||!input.form)return;
var form=input.form,key=input.getAttribute('data-ls-recaptcha'),ready=false,busy=false;
form.addEventListener('submit',function(event){
if(ready||!window.grecaptcha)return;
event.preventDefault();
event.stopImmediatePropagation();
if(busy)return;
busy=true;
var send=function(token){input.value=typeof token==='string'?token:'';ready=true;busy=false;if(form.requestSubmit)form.requestSubmit();else form.submit();};
grecaptcha.ready(function(){grecaptcha.execute(key,{action:${JSON.stringify(RECAPTCHA_ACTION)}}).then(send,send);});
},true);
window.addEventListener('pageshow',function(event){if(event.persisted){ready=false;busy=false;}});
})();`;
