import { Play } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { PlacementSettings } from '@/domain/placements';
import { MOBILE_PREVIEW_WIDTH, type PreviewDevice, PreviewDeviceToggle } from '@/web/components/preview-device';
import { Button } from '@/web/components/ui/button';
import { previewSrcdoc } from './preview-srcdoc';

/** The sample page's window: a laptop's, or a phone's. */
const WINDOWS: Record<PreviewDevice, { width: number; height: number }> = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: MOBILE_PREVIEW_WIDTH, height: 667 },
};

/** Typing settles for this long before the preview reloads with it. */
const SETTLE_MS = 400;

type PlacementPreviewProps = {
  publicOrigin: string;
  pageUrl: string;
  title: string;
  /** The page's submit button's words (the bar's button). */
  buttonText: string;
  /** The editor's current settings, saved or not. */
  settings: PlacementSettings;
};

/**
 * The placement on a sample page, run by the real loader in its preview mode (nothing fetched,
 * stored or counted). The frame is same-origin with the app only so the page's frame inside it
 * may be shown (frame-ancestors names the app's origin): what runs in it is our sample page and
 * our loader, never the owner's scripts, which run in the page's own frame on the public origin.
 */
export function PlacementPreview({ publicOrigin, pageUrl, title, buttonText, settings }: PlacementPreviewProps) {
  const [device, setDevice] = useState<PreviewDevice>('desktop');
  const settingsJson = JSON.stringify(settings);
  const [shown, setShown] = useState(settingsJson);
  // "Show it now" for the settings it was pressed with; reloads each time it is pressed.
  const [now, setNow] = useState<{ for: string; times: number } | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => setShown(settingsJson), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [settingsJson]);

  const forcing = now !== null && now.for === shown;
  const srcdoc = useMemo(
    () =>
      previewSrcdoc({ publicOrigin, pageUrl, title, buttonText, settings: JSON.parse(shown) as PlacementSettings, now: forcing }),
    [publicOrigin, pageUrl, title, buttonText, shown, forcing],
  );

  const frame = WINDOWS[device];
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState<number>(frame.width);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    setWidth(element.clientWidth);
    return () => observer.disconnect();
  }, []);
  const scale = Math.min(1, width / frame.width);

  return (
    <div className="grid min-w-0 gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <PreviewDeviceToggle device={device} onChange={setDevice} />
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => {
            setShown(settingsJson);
            setNow((previous) => ({ for: settingsJson, times: (previous?.times ?? 0) + 1 }));
          }}
        >
          <Play aria-hidden="true" />
          Show it now
        </Button>
      </div>
      <div ref={box} className="min-w-0">
        <div
          className="mx-auto overflow-hidden rounded-lg border border-gray-300 bg-white shadow-sm"
          style={{ width: frame.width * scale, height: frame.height * scale }}
        >
          <iframe
            key={`${device}-${now?.times ?? 0}`}
            title={`Preview on a sample page (${device === 'desktop' ? 'desktop' : 'mobile'})`}
            srcDoc={srcdoc}
            sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
            width={frame.width}
            height={frame.height}
            style={{ border: 0, transform: `scale(${scale})`, transformOrigin: '0 0', display: 'block' }}
          />
        </div>
      </div>
      <p className="text-sm text-gray-600">
        A sample page with your current settings, saved or not. Nothing here is counted or remembered: the preview shows it again
        each time. Use <strong className="font-medium text-gray-900">Show it now</strong> rather than waiting for the trigger.
      </p>
    </div>
  );
}
