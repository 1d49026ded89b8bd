import { useQueryClient } from '@tanstack/react-query';
import { Eye, Rocket } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import {
  EMAIL_FIELD_ID,
  formMessages,
  MAX_FIELDS,
  newField,
  type FormConfig,
  type FormField,
  type Payment,
} from '@/domain/form-config';
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
import { draftKeyFor, type StoredDraft } from './draft-store';
import {
  checkPdfFile,
  EDITOR_TABS,
  firstErrorTab,
  pixelError,
  validateEditor,
  type EditorErrors,
  type EditorTab,
} from './editor-model';
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

type View = 'edit' | 'preview';

/** Field errors are keyed by position: move them along when fields move or go. */
function remapFieldErrors(errors: EditorErrors, newIndexOf: (oldIndex: number) => number | null): EditorErrors {
  const next: EditorErrors = {};
  for (const [key, message] of Object.entries(errors)) {
    const match = /^fields\.(\d+)\.(.+)$/.exec(key);
    if (!match) {
      next[key] = message;
      continue;
    }
    const index = newIndexOf(Number(match[1]));
    if (index !== null) next[`fields.${index}.${match[2]}`] = message;
  }
  return next;
}

function withoutKeys(errors: EditorErrors, keys: string[]): EditorErrors {
  if (!keys.some((key) => key in errors)) return errors;
  const next = { ...errors };
  for (const key of keys) delete next[key];
  return next;
}

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

  const [config, setConfig] = useState<FormConfig>(baseline);
  /** The chosen PDF while it is only in this browser; uploaded when publishing. */
  const [file, setFile] = useState<File | null>(null);
  /** The form this work is saved to: the edited one, or the one created by an earlier publish attempt. */
  const [targetId, setTargetId] = useState<string | null>(editId);
  const [errors, setErrors] = useState<EditorErrors>({});
  const [tab, setTab] = useState<EditorTab>('basic');
  const [view, setView] = useState<View>('edit');
  const [previewRequested, setPreviewRequested] = useState(false);
  const [gateOpen, setGateOpen] = useState(false);
  const [publishing, setPublishing] = useState(false);
  const [planLimitMessage, setPlanLimitMessage] = useState<string | null>(null);
  const [showUnknownTemplate, setShowUnknownTemplate] = useState(unknownTemplate);
  /** Bumped to move focus to the first input in error once its tab is shown. */
  const [focusErrorRequest, setFocusErrorRequest] = useState(0);
  const editorRef = useRef<HTMLDivElement>(null);

  /** Back from the full preview: the draft is taken up without asking (see resume-after-preview). */
  const [resume] = useState(() => readResumeRequest(draftKey));

  const restoreDraft = (draft: StoredDraft) => {
    setConfig(draft.config);
    setFile(draft.file);
    setTargetId(draft.editId ?? editId);
    setErrors({});
  };

  const { draftStatus, resolveOffer, finish } = useDraft({
    draftKey,
    editId,
    baseline,
    work: { config, file, targetId },
    takeUp: resume
      ? (draft) => {
          clearResumeRequest(draftKey);
          if (!draft) return;
          restoreDraft(draft);
          setTab(resume.tab);
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

  const chosenFile = file ? { name: file.name, size: file.size } : config.leadMagnet;
  const hasFile = chosenFile !== null;

  // ----- editing -------------------------------------------------------------------------------

  const updateConfig = (patch: Partial<FormConfig>) => {
    setConfig((current) => ({ ...current, ...patch }));
    setErrors((current) => {
      let next = current;
      for (const key of Object.keys(patch)) {
        if (key === 'pixelFacebook' || key === 'pixelGoogle') {
          // Re-checked live only once flagged; otherwise when the owner leaves the input.
          if (!(key in next)) continue;
          const error = pixelError(key === 'pixelFacebook' ? 'facebook' : 'google', patch[key] ?? '');
          next = error ? { ...next, [key]: error } : withoutKeys(next, [key]);
        } else {
          next = withoutKeys(next, [key]);
        }
      }
      return next;
    });
  };

  const updatePayment = (patch: Partial<Payment>) => {
    setConfig((current) => ({ ...current, payment: { ...current.payment, ...patch } }));
    setErrors((current) => withoutKeys(current, ['payment', ...Object.keys(patch).map((key) => `payment.${key}`)]));
  };

  const checkPixel = (key: 'pixelFacebook' | 'pixelGoogle') => {
    const error = pixelError(key === 'pixelFacebook' ? 'facebook' : 'google', config[key]);
    setErrors((current) => (error ? { ...current, [key]: error } : withoutKeys(current, [key])));
  };

  const selectFile = (chosen: File) => {
    const problem = checkPdfFile(chosen);
    if (problem) {
      setErrors((current) => ({ ...current, leadMagnet: problem }));
      return;
    }
    setFile(chosen);
    // A new PDF replaces the stored one once published.
    setConfig((current) => (current.leadMagnet ? { ...current, leadMagnet: null } : current));
    setErrors((current) => withoutKeys(current, ['leadMagnet']));
  };

  const removeFile = () => {
    setFile(null);
    setConfig((current) => (current.leadMagnet ? { ...current, leadMagnet: null } : current));
  };

  const changeField = (index: number, patch: Partial<FormField>) => {
    setConfig((current) => {
      const field = current.fields[index];
      if (!field) return current;
      // The email field's label, type and required flag are locked (SPEC §5).
      const allowed = field.id === EMAIL_FIELD_ID ? { placeholder: patch.placeholder ?? field.placeholder } : patch;
      const fields = current.fields.map((f, i) => (i === index ? { ...f, ...allowed } : f));
      return { ...current, fields };
    });
    if ('label' in patch) setErrors((current) => withoutKeys(current, [`fields.${index}.label`]));
  };

  const addField = () => {
    setConfig((current) => {
      if (current.fields.length >= MAX_FIELDS) return current;
      let now = Date.now();
      while (current.fields.some((f) => f.id === `field-${now}`)) now += 1;
      return { ...current, fields: [...current.fields, newField(now)] };
    });
  };

  const removeField = (index: number) => {
    if (config.fields[index]?.id === EMAIL_FIELD_ID) {
      toast.error(formMessages.emailFieldLocked);
      return;
    }
    setConfig((current) => ({ ...current, fields: current.fields.filter((_, i) => i !== index) }));
    setErrors((current) => remapFieldErrors(current, (old) => (old === index ? null : old > index ? old - 1 : old)));
  };

  const moveField = (index: number, direction: -1 | 1) => {
    const other = index + direction;
    if (other < 0 || other >= config.fields.length) return;
    setConfig((current) => {
      const fields = [...current.fields];
      const [a, b] = [fields[index], fields[other]];
      if (!a || !b) return current;
      fields[index] = b;
      fields[other] = a;
      return { ...current, fields };
    });
    setErrors((current) => remapFieldErrors(current, (old) => (old === index ? other : old === other ? index : old)));
  };

  // ----- validation, preview, publishing -----------------------------------------------------

  const showErrors = (found: EditorErrors, message: string) => {
    setErrors(found);
    setView('edit');
    const errorTab = firstErrorTab(found);
    if (errorTab) setTab(errorTab);
    setFocusErrorRequest((n) => n + 1);
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
    setErrors({});
    return true;
  };

  const requestPreview = () => {
    if (!validate('preview')) return;
    setPreviewRequested(true);
    setView('preview');
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
        setFile(null);
        showErrors({ leadMagnet: message }, message);
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
        // Uploaded: from now on the draft points at the stored file, so a retry does not upload again.
        setConfig(next);
        setFile(null);
      }
      const saved = targetId
        ? await apiFetch<FormDetail>(`/api/forms/${encodeURIComponent(targetId)}`, { method: 'PUT', json: { config: next } })
        : await apiFetch<FormDetail>('/api/forms', { method: 'POST', json: { config: next } });
      // Created: a retry after a failed publish updates this form instead of creating another one.
      setTargetId(saved.id);
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
              restoreDraft(draftStatus.draft);
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

      <Tabs value={view} onValueChange={(value) => setView(value as View)} className="mt-6">
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
                <Tabs value={tab} onValueChange={(value) => setTab(value as EditorTab)}>
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
                      chosenFile={chosenFile}
                      onChange={updateConfig}
                      onSelectFile={selectFile}
                      onRemoveFile={removeFile}
                    />
                  </TabsContent>
                  <TabsContent value="fields" className="mt-6">
                    <FormFieldsTab
                      fields={config.fields}
                      errors={errors}
                      onChangeField={changeField}
                      onAdd={addField}
                      onRemove={removeField}
                      onMove={moveField}
                    />
                  </TabsContent>
                  <TabsContent value="settings" className="mt-6">
                    <SettingsTab config={config} errors={errors} onChange={updateConfig} />
                  </TabsContent>
                  <TabsContent value="payment" className="mt-6">
                    <PaymentTab payment={config.payment} errors={errors} onChange={updatePayment} />
                  </TabsContent>
                  <TabsContent value="tracking" className="mt-6">
                    <TrackingTab config={config} errors={errors} onChange={updateConfig} onBlurPixel={checkPixel} />
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
            onBackToEditor={() => setView('edit')}
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
