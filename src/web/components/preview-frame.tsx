import { useEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

const FRAME_DOCUMENT =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">' +
  '<title>Landing page preview</title><style>html,body{margin:0;padding:0;background:#f9fafb}</style></head><body></body></html>';

type PreviewFrameProps = { title: string; className?: string; children: ReactNode };

/**
 * Renders its children into an iframe of its own. The landing page then sees the frame's width (its
 * mobile styles apply at 375px like on a phone), its heading is not a second h1 of the app, and the
 * app's CSS does not reach it. The frame grows to its content's height. It runs no script of its
 * own: the custom script is never part of a preview.
 */
export function PreviewFrame({ title, className, children }: PreviewFrameProps) {
  const frameRef = useRef<HTMLIFrameElement>(null);
  const [body, setBody] = useState<HTMLElement | null>(null);
  const [height, setHeight] = useState(600);

  useEffect(() => {
    if (!body) return;
    const frameWindow = body.ownerDocument.defaultView;
    if (!frameWindow) return;
    // The body's own height: the root element's would never shrink below the frame's.
    const measure = () => setHeight(Math.ceil(body.getBoundingClientRect().height));
    // An observer from the frame's own window, so it watches the frame's layout.
    const observer = new frameWindow.ResizeObserver(measure);
    observer.observe(body);
    measure();
    return () => observer.disconnect();
  }, [body]);

  return (
    <>
      <iframe
        ref={frameRef}
        title={title}
        srcDoc={FRAME_DOCUMENT}
        onLoad={() => setBody(frameRef.current?.contentDocument?.body ?? null)}
        className={className}
        style={{ height, border: 0, display: 'block' }}
      />
      {body && createPortal(children, body)}
    </>
  );
}
