import { useQueryClient } from '@tanstack/react-query';
import { Eye, Rocket } from 'lucide-react';
import { useEffect, useReducer, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { EMAIL_FIELD_ID, formMessages, type FormConfig } from '@/domain/form-config';
import type { FormDetail } from '@/domain/forms-api';
import { FormAlert } from '@/web/components/form-alert';
import { PageHeading } from '@/web/components/page-heading';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent } from '@/web/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/components/ui/tabs';
import { formKeys, uploadLeadMagnet } from '@/web/features/forms/api';
import type { PublishedPage } from '@/web/features/dashboard/published-notice';
import { paymentKeys } from '@/web/features/payments/api';
import { ApiError, apiFetch } from '@/web/lib/api';
import { authClient } from '@/web/lib/auth-client';
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
  const queryClient = useQueryClient();
  const { data: session, isPending: sessionPending } = authClient.useSession();
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
  const [gateOpen, setGateOpen] = useState(false);
  const [publishing, setPublishing] = useState(false);
  const [planLimitMessage, setPlanLimitMessage] = useState<string | null>(null);
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

  const publishFailed = (error: unknown) => {
    if (!(error instanceof ApiError)) {
      toast.error('Something went wrong. Please try again.');
      return;
    }
    switch (error.code) {
      case 'UNAUTHORIZED':
        setGateOpen(true);
        return;
      case 'PLAN_LIMIT':
        setPlanLimitMessage(error.message);
        toast.error(error.message, { action: { label: 'See plans', onClick: () => navigate('/pricing') } });
        return;
      case 'FILE_TOO_LARGE':
      case 'NOT_A_PDF': {
        const message = error.code === 'FILE_TOO_LARGE' ? formMessages.fileTooLarge : formMessages.onlyPdf;
        dispatch({ type: 'uploadRefused', message });
        toast.error(message);
        return;
      }
      case 'VALIDATION_ERROR':
      case 'NOT_PUBLISHABLE':
        // A provider is not connected (any more): refresh what the Payment tab says about them.
        if (error.errors.payment) void queryClient.invalidateQueries({ queryKey: paymentKeys.settings });
        if (Object.keys(error.errors).length > 0) {
          showErrors(error.errors, error.message);
          return;
        }
        break;
      default:
        if (error.status === 401) {
          setGateOpen(true);
          return;
        }
    }
    toast.error(error.message);
  };

  /** Signed in: upload the new PDF, save the draft and publish it. The overlay shows only meanwhile. */
  const publishNow = async () => {
    setPublishing(true);
    setPlanLimitMessage(null);
    try {
      let next = config;
      if (file) {
        const uploaded = await uploadLeadMagnet(file);
        next = { ...config, leadMagnet: uploaded };
        dispatch({ type: 'leadMagnetUploaded', leadMagnet: uploaded });
      }
      const saved = targetId
        ? await apiFetch<FormDetail>(`/api/forms/${encodeURIComponent(targetId)}`, { method: 'PUT', json: { config: next } })
        : await apiFetch<FormDetail>('/api/forms', { method: 'POST', json: { config: next } });
      dispatch({ type: 'savedTo', formId: saved.id });
      const published = await apiFetch<FormDetail>(`/api/forms/${encodeURIComponent(saved.id)}/publish`, { method: 'POST' });
      await finish();
      queryClient.setQueryData(formKeys.detail(published.id), published);
      void queryClient.invalidateQueries({ queryKey: formKeys.all });
      toast.success(formMessages.published);
      // The dashboard shows the new page's public link (the API's publicUrl) with a Copy button.
      const state: { published: PublishedPage } = { published: { name: published.name, publicUrl: published.publicUrl } };
      navigate('/dashboard', { state });
    } catch (error) {
      publishFailed(error);
    } finally {
      setPublishing(false);
    }
  };

  /** 'Save & Publish' and 'Publish Landing Page': validate, then publish or ask to sign in first. */
  const publish = async () => {
    if (publishing || !validate('publish')) return;
    let signedIn = Boolean(session);
    if (!signedIn && sessionPending) {
      const { data } = await authClient.getSession();
      signedIn = Boolean(data);
    }
    if (!signedIn) {
      setGateOpen(true);
      return;
    }
    await publishNow();
  };

  const continueAfterSignIn = async () => {
    setGateOpen(false);
    await publishNow();
  };

  const openStandalonePreview = () => {
    noteOpeningPreview(draftKey, { tab });
    navigate('/preview', { state: { config } });
  };

  // ----- rendering -----------------------------------------------------------------------------

  if (gateOpen) {
    return (
      <>
        <SignInGate onSignedIn={continueAfterSignIn} onBack={() => setGateOpen(false)} />
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
