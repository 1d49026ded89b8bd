import { Monitor, Smartphone } from 'lucide-react';
import type { CSSProperties } from 'react';
import { cn } from '@/web/lib/cn';

export type PreviewDevice = 'desktop' | 'mobile';

export const MOBILE_PREVIEW_WIDTH = 375;

/** The phone frame's box: the mobile width of page inside its 8px border (border-8) on each side. */
export const PHONE_FRAME_STYLE: CSSProperties = { width: MOBILE_PREVIEW_WIDTH + 16, maxWidth: '100%' };

type PreviewDeviceToggleProps = {
  device: PreviewDevice;
  onChange: (device: PreviewDevice) => void;
  mobileLabel?: string;
  className?: string;
  buttonClassName?: string;
};

/** The Desktop / Mobile pair of toggle buttons (aria-pressed) above a page preview. */
export function PreviewDeviceToggle({
  device,
  onChange,
  mobileLabel = 'Mobile',
  className,
  buttonClassName,
}: PreviewDeviceToggleProps) {
  const devices = [
    { value: 'desktop', label: 'Desktop', Icon: Monitor },
    { value: 'mobile', label: mobileLabel, Icon: Smartphone },
  ] as const;
  return (
    <div role="group" aria-label="Preview device" className={cn('inline-flex rounded-lg bg-gray-100 p-1', className)}>
      {devices.map(({ value, label, Icon }) => (
        <button
          key={value}
          type="button"
          aria-pressed={device === value}
          onClick={() => onChange(value)}
          className={cn(
            'inline-flex h-9 flex-1 items-center justify-center gap-2 rounded-md px-3 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
            buttonClassName,
            device === value ? 'bg-white text-gray-900 shadow-sm' : 'text-gray-700 hover:text-gray-900',
          )}
        >
          <Icon aria-hidden="true" className="size-4" />
          {label}
        </button>
      ))}
    </div>
  );
}
