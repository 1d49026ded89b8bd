import { ShieldAlert } from 'lucide-react';
import type { FormConfig } from '@/domain/form-config';
import { TextareaField, TextField } from '@/web/components/text-field';
import type { EditorErrors } from '@/web/features/page-creator/editor/editor-model';

type TrackingTabProps = {
  config: FormConfig;
  errors: EditorErrors;
  onChange: (patch: Partial<FormConfig>) => void;
  /** Checks a pixel id when the owner leaves its input. */
  onBlurPixel: (kind: 'pixelFacebook' | 'pixelGoogle') => void;
};

export function TrackingTab({ config, errors, onChange, onBlurPixel }: TrackingTabProps) {
  return (
    <div className="grid gap-5">
      <TextField
        id="creator-pixel-facebook"
        label="Meta (Facebook) pixel ID"
        placeholder="e.g. 123456789012345"
        inputMode="numeric"
        autoComplete="off"
        spellCheck={false}
        maxLength={20}
        value={config.pixelFacebook}
        error={errors.pixelFacebook}
        onChange={(event) => onChange({ pixelFacebook: event.target.value })}
        onBlur={() => onBlurPixel('pixelFacebook')}
      />
      <TextField
        id="creator-pixel-google"
        label="Google Analytics or Tag Manager ID"
        placeholder="e.g. G-XXXXXXX or GTM-XXXXXXX"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={24}
        value={config.pixelGoogle}
        error={errors.pixelGoogle}
        onChange={(event) => onChange({ pixelGoogle: event.target.value })}
        onBlur={() => onBlurPixel('pixelGoogle')}
      />
      <TextareaField
        id="creator-custom-script"
        label="Custom script"
        placeholder="// JavaScript to run on your published page"
        className="font-mono"
        spellCheck={false}
        rows={6}
        maxLength={20000}
        value={config.customScript}
        error={errors.customScript}
        hint={
          <span className="flex gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-amber-900">
            <ShieldAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>
              This script runs only on your published page, never in the app or in the preview. Add only code you trust.
            </span>
          </span>
        }
        onChange={(event) => onChange({ customScript: event.target.value })}
      />
    </div>
  );
}
