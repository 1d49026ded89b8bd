import { Save, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/web/lib/toast';
import type { FormDetail } from '@/domain/forms-api';
import type { Placement } from '@/domain/placements';
import { submitLabel } from '@/landing/submit-label';
import { ConfirmButton } from '@/web/components/confirm-button';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/web/components/ui/card';
import { Spinner } from '@/web/components/ui/spinner';
import { ApiError } from '@/web/lib/api';
import { AllowedSites } from './allowed-sites';
import { useDeletePlacement, useUpdatePlacement } from './api';
import { PlacementCode } from './placement-code';
import { type DraftErrors, draftErrors, draftFromSettings, previewSettings, settingsFromDraft } from './placement-draft';
import { PlacementEditor } from './placement-editor';
import { PlacementPreview } from './placement-preview';

type PlacementWorkspaceProps = {
  form: FormDetail;
  placement: Placement;
  publicOrigin: string;
  readOnly: boolean;
  /** After deleting: the list chooses another. */
  onDeleted: () => void;
};

/**
 * One placement: its settings, its live preview (with the unsaved settings), its code and the
 * allowed sites. Keyed by the placement's id and version: a save starts the editor from what the
 * server kept; a failed save keeps everything the owner typed.
 */
export function PlacementWorkspace({ form, placement, publicOrigin, readOnly, onDeleted }: PlacementWorkspaceProps) {
  const [draft, setDraft] = useState(() => draftFromSettings(placement.settings));
  const [errors, setErrors] = useState<DraftErrors>({});
  const update = useUpdatePlacement(form.id);
  const remove = useDeletePlacement(form.id);
  const dirty = JSON.stringify(draft) !== JSON.stringify(draftFromSettings(placement.settings));

  // Awaited rather than mutate's callbacks: the saved placement remounts this workspace (its key
  // is its version), which would drop those callbacks before they run.
  const save = async () => {
    const checked = settingsFromDraft(draft);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    try {
      const saved = await update.mutateAsync({ id: placement.id, settings: checked.settings });
      toast.success(`“${saved.settings.name}” saved`);
    } catch (failure) {
      if (failure instanceof ApiError && Object.keys(failure.errors).length > 0) setErrors(draftErrors(failure.errors, draft));
      else setErrors({ _: failure instanceof Error ? failure.message : 'Something went wrong. Please try again.' });
    }
  };

  const title = form.published?.title || form.name;
  const buttonText = submitLabel(form.published ?? form.draft);
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:items-start">
      <Card>
        <CardHeader>
          <h2 className="text-lg leading-tight font-semibold">Settings</h2>
          {readOnly && <CardDescription>You can see these settings; your role does not let you change them.</CardDescription>}
        </CardHeader>
        <CardContent>
          <PlacementEditor
            draft={draft}
            onChange={(next) => setDraft(next)}
            errors={errors}
            readOnly={readOnly}
            onSubmit={() => void save()}
            actions={
              readOnly ? null : (
                <div className="flex flex-wrap items-center gap-3 border-t border-gray-200 pt-4">
                  <Button type="submit" disabled={update.isPending}>
                    {update.isPending ? <Spinner /> : <Save aria-hidden="true" />}
                    Save
                  </Button>
                  {dirty && <span className="text-sm text-gray-700">Unsaved changes</span>}
                  <div className="ml-auto">
                    <ConfirmButton
                      size="sm"
                      title={`Delete “${placement.settings.name}”?`}
                      description="Its snippet stops showing anything on your site at once. Its leads stay, with its name."
                      confirmLabel="Delete"
                      pendingLabel="Deleting..."
                      action={() => remove.mutateAsync(placement.id)}
                      successMessage={`“${placement.settings.name}” deleted`}
                      onDone={onDeleted}
                    >
                      <Trash2 aria-hidden="true" />
                      Delete
                    </ConfirmButton>
                  </div>
                </div>
              )
            }
          />
        </CardContent>
      </Card>

      <div className="grid min-w-0 gap-6">
        <Card>
          <CardHeader>
            <h2 className="text-lg leading-tight font-semibold">Live preview</h2>
          </CardHeader>
          <CardContent>
            <PlacementPreview
              publicOrigin={publicOrigin}
              pageUrl={form.publicUrl}
              title={title}
              buttonText={buttonText}
              settings={previewSettings(draft)}
            />
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <h2 className="text-lg leading-tight font-semibold">Put it on your site</h2>
            {dirty && (
              <CardDescription>
                The snippet stays the same when you change the settings: your site shows what you last saved.
              </CardDescription>
            )}
          </CardHeader>
          <CardContent>
            <PlacementCode
              publicOrigin={publicOrigin}
              id={placement.id}
              display={placement.settings.display}
              trigger={placement.settings.trigger}
            />
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <h2 className="text-lg leading-tight font-semibold">Allowed sites</h2>
            <CardDescription>
              The snippet shows only on these sites; anywhere else it shows nothing. Changes take effect at once, for every
              placement of this page and its Embed code.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <AllowedSites form={form} readOnly={readOnly} />
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
