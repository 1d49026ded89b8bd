import { Eye, Rocket } from 'lucide-react';
import { useEffect, useReducer, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { EMAIL_FIELD_ID, formMessages, type FormConfig } from '@/domain/form-config';
import { FormAlert } from '@/web/components/form-alert';
import { PageHeading } from '@/web/components/page-heading';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent } from '@/web/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/components/ui/tabs';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { BasicInfoTab } from './basic-info-tab';
import { CreatorSidebar } from './creator-sidebar';
import { DraftBanner } from './draft-banner';
import { draftKeyFor } from './draft-store';
import { EDITOR_TABS, validateEditor, type EditorErrors, type EditorTab } from './editor-model';
import { chosenFile, editorReducer, initialEditorState, type EditorView } from './editor-reducer';
import { FormFieldsTab } from './form-fields-tab';
import { LoadingOverlay } from './loading-overlay';
import { PaymentTab } from './payment-tab';
import { PreviewView } from './preview-view';
import { clearResumeRequest, noteOpeningPreview, readResumeRequest } from './resume-after-preview';
import { SettingsTab } from './settings-tab';
import { SignInGate } from './sign-in-gate';
import { TrackingTab } from './tracking-tab';
import { UnknownTemplateNotice } from './unknown-template-notice';
import { useDraft } from './use-draft';
import { usePublishFlow } from './use-publish-flow';

type PageCreatorProps = {
  /** The form being edited (?edit=), or null for a new page. */
  editId: string | null;
  /** Where the editor starts: the saved form's draft, a template, or the defaults. */
  baseline: FormConfig;
  /** ?template= named no template: the editor starts blank and says why. */
  unknownTemplate?: boolean;
};

export function PageCreator({ editId, baseline: initialBaseline, unknownTemplate = false }: PageCreatorProps) {
  // Fixed at mount: the draft is compared with where the editor started, whatever reloads later.
  const [baseline] = useState(initialBaseline);
  const navigate = useNavigate();
  const draftKey = draftKeyFor(editId);
  const heading = editId ? 'Edit Landing Page' : 'Create Landing Page';
  useDocumentTitle(
    heading,
    editId
      ? 'Edit your landing page: fields, PDF, double opt-in, payment and tracking, with a live preview.'
      : 'Build a landing page that gives your PDF away for an email address, with a live desktop and mobile preview.',
  );

  const [state, dispatch] = useReducer(editorReducer, baseline, (config) => initialEditorState(config, editId));
  const { config, file, targetId, errors, tab, view, previewRequested, focusErrorRequest } = state;
  const [showUnknownTemplate, setShowUnknownTemplate] = useState(unknownTemplate);
  const editorRef = useRef<HTMLDivElement>(null);

  /** Back from the full preview: the draft is taken up without asking (see resume-after-preview). */
  const [resume] = useState(() => readResumeRequest(draftKey));

  const { draftStatus, resolveOffer, finish } = useDraft({
    draftKey,
    editId,
    baseline,
    work: { config, file, targetId },
    takeUp: resume
      ? (draft) => {
          clearResumeRequest(draftKey);
          if (draft) dispatch({ type: 'draftRestored', draft, editId, tab: resume.tab });
        }
      : undefined,
  });

  useEffect(() => {
    if (focusErrorRequest === 0) return;
    // A tab panel shown by this update mounts its inputs in a follow-up render: focus after it.
    const frame = requestAnimationFrame(() => {
      editorRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-error-focus]')?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [focusErrorRequest]);

  const chosen = chosenFile(state);
  const hasFile = chosen !== null;

  // ----- editing -------------------------------------------------------------------------------

  const removeField = (index: number) => {
    if (config.fields[index]?.id === EMAIL_FIELD_ID) {
      toast.error(formMessages.emailFieldLocked);
      return;
    }
    dispatch({ type: 'fieldRemoved', index });
  };

  // ----- validation, preview, publishing -----------------------------------------------------

  const showErrors = (found: EditorErrors, message: string) => {
    dispatch({ type: 'errorsShown', errors: found });
    toast.error(message);
  };

  /** SPEC §5: checked on Preview and on Save & Publish. */
  const validate = (purpose: 'preview' | 'publish'): boolean => {
    const failureMessage = purpose === 'preview' ? formMessages.fixBeforePreviewing : formMessages.fixBeforeSaving;
    const found = validateEditor(config, hasFile, purpose);
    if (Object.keys(found).length > 0) {
      showErrors(found, failureMessage);
      return false;
    }
    dispatch({ type: 'errorsCleared' });
    return true;
  };

  const requestPreview = () => {
    if (validate('preview')) dispatch({ type: 'previewOpened' });
  };

  const { publish, continueAfterSignIn, closeGate, gateOpen, publishing, planLimitMessage } = usePublishFlow({
    state,
    dispatch,
    validate,
    showErrors,
    finish,
  });

  const openStandalonePreview = () => {
    noteOpeningPreview(draftKey, { tab });
    navigate('/preview', { state: { config } });
  };

  // ----- rendering -----------------------------------------------------------------------------

  if (gateOpen) {
    return (
      <>
        <SignInGate onSignedIn={continueAfterSignIn} onBack={closeGate} />
        {publishing && <LoadingOverlay />}
      </>
    );
  }

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <PageHeading title={heading} subtitle="Build a high-converting landing page to collect leads" />

      <div className="mt-6 grid gap-4">
        {showUnknownTemplate && <UnknownTemplateNotice onDismiss={() => setShowUnknownTemplate(false)} />}
        {draftStatus.status === 'offer' && (
          <DraftBanner
            savedAt={draftStatus.draft.savedAt}
            onRestore={() => {
              dispatch({ type: 'draftRestored', draft: draftStatus.draft, editId });
              resolveOffer('restore');
              toast.success('Draft restored');
            }}
            onDiscard={() => resolveOffer('discard')}
          />
        )}
        {planLimitMessage && (
          <FormAlert>
            {planLimitMessage}{' '}
            <Link to="/pricing" className="font-semibold underline underline-offset-4">
              See plans and upgrade
            </Link>
          </FormAlert>
        )}
      </div>

      <Tabs
        value={view}
        onValueChange={(value) => dispatch({ type: 'viewSelected', view: value as EditorView })}
        className="mt-6"
      >
        <TabsList aria-label="Editor view" className="w-full sm:w-auto">
          <TabsTrigger value="edit" className="sm:px-6">
            Edit
          </TabsTrigger>
          <TabsTrigger value="preview" className="sm:px-6">
            Preview
          </TabsTrigger>
        </TabsList>

        <TabsContent value="edit" className="mt-6">
          <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
            <Card className="min-w-0">
              <CardContent className="p-4 sm:p-6" ref={editorRef}>
                <Tabs value={tab} onValueChange={(value) => dispatch({ type: 'tabSelected', tab: value as EditorTab })}>
                  <TabsList aria-label="Page settings" className="grid h-auto w-full grid-cols-3 gap-1 sm:grid-cols-5">
                    {EDITOR_TABS.map((t) => (
                      <TabsTrigger key={t.value} value={t.value} className="h-9 px-2">
                        {t.label}
                      </TabsTrigger>
                    ))}
                  </TabsList>
                  <TabsContent value="basic" className="mt-6">
                    <BasicInfoTab
                      config={config}
                      errors={errors}
                      chosenFile={chosen}
                      onChange={(patch) => dispatch({ type: 'configChanged', patch })}
                      onSelectFile={(chosenPdf) => dispatch({ type: 'fileChosen', file: chosenPdf })}
                      onRemoveFile={() => dispatch({ type: 'fileRemoved' })}
                    />
                  </TabsContent>
                  <TabsContent value="fields" className="mt-6">
                    <FormFieldsTab
                      fields={config.fields}
                      errors={errors}
                      onChangeField={(index, patch) => dispatch({ type: 'fieldChanged', index, patch })}
                      onAdd={() => dispatch({ type: 'fieldAdded', now: Date.now() })}
                      onRemove={removeField}
                      onMove={(index, direction) => dispatch({ type: 'fieldMoved', index, direction })}
                    />
                  </TabsContent>
                  <TabsContent value="settings" className="mt-6">
                    <SettingsTab
                      config={config}
                      errors={errors}
                      onChange={(patch) => dispatch({ type: 'configChanged', patch })}
                    />
                  </TabsContent>
                  <TabsContent value="payment" className="mt-6">
                    <PaymentTab
                      payment={config.payment}
                      errors={errors}
                      onChange={(patch) => dispatch({ type: 'paymentChanged', patch })}
                    />
                  </TabsContent>
                  <TabsContent value="tracking" className="mt-6">
                    <TrackingTab
                      config={config}
                      errors={errors}
                      onChange={(patch) => dispatch({ type: 'configChanged', patch })}
                      onBlurPixel={(key) => dispatch({ type: 'pixelLeft', key })}
                    />
                  </TabsContent>
                </Tabs>
                <div className="mt-8 flex flex-col-reverse gap-3 border-t border-gray-200 pt-6 sm:flex-row sm:justify-end">
                  <Button type="button" variant="outline" onClick={requestPreview}>
                    <Eye />
                    Preview
                  </Button>
                  <Button type="button" onClick={() => void publish()} disabled={publishing}>
                    <Rocket />
                    Save &amp; Publish
                  </Button>
                </div>
              </CardContent>
            </Card>
            <CreatorSidebar />
          </div>
        </TabsContent>

        <TabsContent value="preview" className="mt-6">
          <PreviewView
            config={previewRequested ? config : null}
            onBackToEditor={() => dispatch({ type: 'viewSelected', view: 'edit' })}
            onPublish={() => void publish()}
            onOpenStandalone={openStandalonePreview}
            publishing={publishing}
          />
        </TabsContent>
      </Tabs>

      {publishing && <LoadingOverlay />}
    </div>
  );
}
