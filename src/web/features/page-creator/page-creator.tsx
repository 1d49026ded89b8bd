import { useMemo, useState } from 'react';
import { useNavigate } from '@/web/lib/router';
import type { FormConfig } from '@/domain/form-config';
import { LocalImageUrlsProvider } from '@/web/components/local-image-urls';
import { PageHeading } from '@/web/components/page-heading';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/components/ui/tabs';
import { authClient } from '@/web/lib/auth-client';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { CreatorNotices } from './creator-notices';
import { CreatorSidebar } from './creator-sidebar';
import { draftKeyFor } from '@/web/features/page-creator/draft/draft-store';
import { chosenFile, type EditorView } from '@/web/features/page-creator/editor/editor-reducer';
import { previewContent } from '@/web/features/page-creator/editor/editor-model';
import { EditorPanel } from '@/web/features/page-creator/editor/editor-panel';
import { LoadingOverlay } from './loading-overlay';
import {
  ImageKeepingContext,
  readLocalImage,
  shownLocalImages,
  type ImageKeeping,
} from '@/web/features/page-creator/draft/local-images';
import { PreviewView } from '@/web/features/page-creator/preview/preview-view';
import {
  clearResumeRequest,
  noteOpeningPreview,
  readResumeRequest,
} from '@/web/features/page-creator/preview/resume-after-preview';
import { SignInGate } from '@/web/features/page-creator/publish/sign-in-gate';
import { useDraft } from '@/web/features/page-creator/draft/use-draft';
import { useErrorFocus } from '@/web/features/page-creator/editor/use-error-focus';
import { usePageEditor } from '@/web/features/page-creator/editor/use-page-editor';
import { usePublishFlow } from '@/web/features/page-creator/publish/use-publish-flow';

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
      ? 'Edit your landing page: fields, file, double opt-in, payment and tracking, with a live preview.'
      : 'Build a landing page that gives your lead magnet away for an email address, with a live desktop and mobile preview.',
  );

  const { state, dispatch, showErrors, validate, requestPreview, showStillNeeded, removeField } = usePageEditor(baseline, editId);
  const [showUnknownTemplate, setShowUnknownTemplate] = useState(unknownTemplate);
  const editorRef = useErrorFocus(state.focusErrorRequest);

  /** Back from the full preview: the draft is taken up without asking (see resume-after-preview). */
  const [resume] = useState(() => readResumeRequest(draftKey));
  const { draftStatus, resolveOffer, finish } = useDraft({
    draftKey,
    editId,
    baseline,
    work: { config: state.config, file: state.file, images: state.images, targetId: state.targetId },
    takeUp: resume
      ? (draft) => {
          clearResumeRequest(draftKey);
          if (draft) dispatch({ type: 'draftRestored', draft, editId, tab: resume.tab });
        }
      : undefined,
  });

  const flow = usePublishFlow({ state, dispatch, validate, showErrors, finish });
  const publish = () => void flow.publish();

  // Signed out, a chosen logo or cover stays in this browser with the draft until publishing.
  const { data: session, isPending: sessionPending } = authClient.useSession();
  const signedIn = session ? true : sessionPending ? undefined : false;
  const imageKeeping = useMemo<ImageKeeping>(
    () => ({
      signedIn,
      keep: async (file) => {
        const ref = await readLocalImage(file);
        dispatch({ type: 'imageKept', id: ref.id, file });
        return ref;
      },
    }),
    [signedIn, dispatch],
  );

  const openStandalonePreview = () => {
    noteOpeningPreview(draftKey, { tab: state.tab });
    // The images not uploaded yet go along as files (history state holds them), for the preview to show.
    navigate('/preview', { state: { config: state.config, images: shownLocalImages(state.config, state.images) } });
  };

  if (flow.gateOpen) {
    return (
      <>
        <SignInGate onSignedIn={flow.continueAfterSignIn} onBack={flow.closeGate} />
        {flow.publishing && <LoadingOverlay />}
      </>
    );
  }

  return (
    <ImageKeepingContext.Provider value={imageKeeping}>
      <LocalImageUrlsProvider images={state.images}>
        <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
          <PageHeading title={heading} subtitle="Build a high-converting landing page to collect leads" />

          <CreatorNotices
            showUnknownTemplate={showUnknownTemplate}
            onDismissUnknownTemplate={() => setShowUnknownTemplate(false)}
            draftStatus={draftStatus}
            onRestoreDraft={(draft) => {
              dispatch({ type: 'draftRestored', draft, editId });
              resolveOffer('restore');
            }}
            onDiscardDraft={() => resolveOffer('discard')}
            planLimitMessage={flow.planLimitMessage}
          />

          <Tabs
            value={state.view}
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
                <EditorPanel
                  ref={editorRef}
                  state={state}
                  dispatch={dispatch}
                  onRemoveField={removeField}
                  onPreview={requestPreview}
                  onPublish={publish}
                  publishing={flow.publishing}
                />
                <CreatorSidebar />
              </div>
            </TabsContent>

            <TabsContent value="preview" className="mt-6">
              <PreviewView
                config={state.config}
                content={previewContent(state.config, chosenFile(state) !== null)}
                onShowStillNeeded={showStillNeeded}
                onBackToEditor={() => dispatch({ type: 'viewSelected', view: 'edit' })}
                onPublish={publish}
                onOpenStandalone={openStandalonePreview}
                publishing={flow.publishing}
              />
            </TabsContent>
          </Tabs>

          {flow.publishing && <LoadingOverlay />}
        </div>
      </LocalImageUrlsProvider>
    </ImageKeepingContext.Provider>
  );
}
