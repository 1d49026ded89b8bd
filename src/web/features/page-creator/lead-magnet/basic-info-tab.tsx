import type { FormConfig } from '@/domain/form-config';
import { TextareaField, TextField } from '@/web/components/text-field';
import type { EditorErrors } from '@/web/features/page-creator/editor/editor-model';
import { LinkPreview } from '@/web/features/page-creator/link-preview/link-preview';
import { RICH_TEXT_HINT } from '@/web/features/page-creator/sections/rich-text-hint';
import { LeadMagnetUpload } from './lead-magnet-upload';

type BasicInfoTabProps = {
  config: FormConfig;
  errors: EditorErrors;
  chosenFile: { name: string; size: number } | null;
  onChange: (patch: Partial<FormConfig>) => void;
  /** `problem`: why the chosen file cannot be the lead magnet, or null. */
  onSelectFile: (file: File, problem: string | null) => void;
  onRemoveFile: () => void;
};

export function BasicInfoTab({ config, errors, chosenFile, onChange, onSelectFile, onRemoveFile }: BasicInfoTabProps) {
  return (
    <div className="grid gap-5">
      <TextField
        id="creator-title"
        label="Title"
        placeholder="e.g. Get your free marketing guide"
        maxLength={200}
        value={config.title}
        error={errors.title}
        onChange={(event) => onChange({ title: event.target.value })}
      />
      <TextareaField
        id="creator-description"
        label="Description"
        placeholder="Tell visitors what they get and why it matters"
        maxLength={5000}
        rows={4}
        value={config.description}
        error={errors.description}
        hint={RICH_TEXT_HINT}
        onChange={(event) => onChange({ description: event.target.value })}
      />
      <LinkPreview config={config} />
      <TextField
        id="creator-business-name"
        label="Business name"
        placeholder="e.g. Acme Marketing"
        autoComplete="organization"
        maxLength={200}
        value={config.businessName}
        error={errors.businessName}
        onChange={(event) => onChange({ businessName: event.target.value })}
      />
      <LeadMagnetUpload
        id="creator-lead-magnet"
        file={chosenFile}
        error={errors.leadMagnet}
        onSelect={onSelectFile}
        onRemove={onRemoveFile}
      />
      <TextField
        id="creator-lead-magnet-name"
        label="Lead magnet name"
        placeholder="e.g. The Complete Marketing Playbook"
        maxLength={200}
        value={config.leadMagnetName}
        error={errors.leadMagnetName}
        onChange={(event) => onChange({ leadMagnetName: event.target.value })}
      />
    </div>
  );
}
