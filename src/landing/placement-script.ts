/**
 * On a thank-you page shown in a placement's frame on the owner's site (domain/placements.ts): tells
 * the loader the visitor signed up ({type:'lodestone:signed-up', placement}), so it is not shown to
 * them again. Sent only to the host page's origin (from the frame's ls_host), never to '*': the
 * frame cannot be sure who its parent is, and only that site should hear it. Reads nothing but its
 * own address, so it works in a sandboxed page's opaque origin too. Plain script, allowed by its hash.
 */
export const placementSignedUpScript = `(function(){
if(window.parent===window)return;
var q=new URLSearchParams(location.search),p=q.get('ls_placement'),o;
if(!/^plc_[0-9A-Za-z]{16}$/.test(p||''))return;
try{o=new URL(q.get('ls_host')||'').origin;}catch(e){return;}
if(!/^https?:\\/\\//.test(o))return;
parent.postMessage({type:'lodestone:signed-up',placement:p},o);
})();`;

/** The note under a placement preview's form: the owner's preview stores nothing. */
export const PLACEMENT_PREVIEW_NOTE = 'Preview: sign-ups are off here';
