/**
 * On the pages of a page its owner lets other sites embed (docs/decisions/0050), and only there:
 * when shown in a frame, the document tells the frame's parent how tall it is, on load and whenever
 * that changes, so the owner's embed.js can fit the frame to it. Its height is its content's: the
 * page's full-window minimum is dropped, or a frame could never shrink; and it shows no scrollbar,
 * which would narrow the page until the frame fits it and then move everything when it goes. The
 * parent may ask again ('lodestone:measure': embed.js loads async and may miss the first report).
 * In a placement's frame on the owner's site, Escape typed inside asks the loader to close it, as
 * Escape does outside (the message says nothing else). Plain script, allowed by its hash; does
 * nothing in a window of its own.
 */
export const frameHeightScript = `(function(){
if(window.parent===window)return;
var d=document.documentElement,p=document.querySelector('.ls-page'),last=0;
if(p)p.style.minHeight='0';
d.style.scrollbarWidth='none';
function send(){var h=Math.ceil(d.getBoundingClientRect().height);if(h!==last){last=h;parent.postMessage({type:'lodestone:height',height:h},'*');}}
if(window.ResizeObserver)new ResizeObserver(send).observe(d);
window.addEventListener('load',send);
window.addEventListener('message',function(e){if(e.source===parent&&e.data&&e.data.type==='lodestone:measure'){last=0;send();}});
if(/[?&]ls_placement=plc_/.test(location.search))document.addEventListener('keydown',function(e){if(e.key==='Escape')parent.postMessage({type:'lodestone:close'},'*');});
send();
})();`;
