import { useState, type Dispatch } from 'react';
import { useNavigate } from '@/web/lib/router';
import { toast } from '@/web/lib/toast';
import { ErrorCode } from '@/domain/api-errors';
import { formMessages } from '@/domain/form-messages';
import type { PublishedPage } from '@/web/features/dashboard';
import { useCreateForm, usePublishForm, useSaveFormDraft, useUploadLeadMagnet } from '@/web/features/forms';
import { ApiError } from '@/web/lib/api';
import { authClient } from '@/web/lib/auth-client';
import type { EditorErrors } from '@/web/features/page-creator/editor/editor-model';
import type { EditorAction, EditorState } from '@/web/features/page-creator/editor/editor-reducer';
import { NotUploadedError, uploadFailedMessage, uploadLocalImages } from '@/web/features/page-creator/draft/local-images';
import { postImage } from '@/web/features/page-creator/design/image-upload';

type PublishFlowOptions = {
  /** The editor's work as it is now. */
  state: EditorState;
  dispatch: Dispatch<EditorAction>;
  /** Runs the publishing checks and shows what fails; true when all pass. */
  validate: (purpose: 'publish') => boolean;
  showErrors: (errors: EditorErrors, message: string) => void;
  /** Published: the draft kept in this browser is no longer needed. */
  finish: () => Promise<void>;
};

/** Refusals the publish flow answers on their own (the gate, the plan, the file's own error); any other failure is told as such. */
const ANSWERED_FILE_ERRORS: readonly string[] = [
  ErrorCode.UNAUTHORIZED,
  ErrorCode.PLAN_LIMIT,
  ErrorCode.FILE_TOO_LARGE,
  ErrorCode.UNSUPPORTED_FILE,
];

/** The chosen file could not be uploaded (no connection, a server error): the page is not published, and the draft keeps it. */
function fileNotUploaded(error: unknown): unknown {
  if (error instanceof ApiError && (error.status === 401 || ANSWERED_FILE_ERRORS.includes(error.code))) return error;
  return new NotUploadedError('leadMagnet', uploadFailedMessage('lead magnet file', error), error);
}

/**
 * 'Save & Publish': checks the page, asks a signed-out owner to sign in first (the sign-in gate), then
 * uploads the chosen file and the images kept in this browser, saves the draft to its form (created
 * the first time) and publishes it. Whatever cannot be uploaded stops it: nothing the owner chose
 * is left out of a published page.
 */
export function usePublishFlow({ state, dispatch, validate, showErrors, finish }: PublishFlowOptions) {
  const navigate = useNavigate();
  const { data: session, isPending: sessionPending } = authClient.useSession();
  const upload = useUploadLeadMagnet();
  const createForm = useCreateForm();
  const saveDraft = useSaveFormDraft();
  const publishForm = usePublishForm();
  const [gateOpen, setGateOpen] = useState(false);
  /** The server is at work: the Loading overlay shows only meanwhile. */
  const [publishing, setPublishing] = useState(false);
  const [planLimitMessage, setPlanLimitMessage] = useState<string | null>(null);

  const publishFailed = (error: unknown) => {
    if (error instanceof NotUploadedError) {
      // Signed out meanwhile: the gate, and the image is uploaded after it.
      if (error.failure instanceof ApiError && error.failure.status === 401) {
        setGateOpen(true);
        return;
      }
      dispatch({ type: 'uploadFailed', key: error.key, message: error.message });
      toast.error(error.message);
      return;
    }
    if (!(error instanceof ApiError)) {
      toast.error('Something went wrong. Please try again.');
      return;
    }
    switch (error.code) {
      case ErrorCode.UNAUTHORIZED:
        setGateOpen(true);
        return;
      case ErrorCode.PLAN_LIMIT:
        setPlanLimitMessage(error.message);
        toast.error(error.message, { action: { label: 'See plans', onClick: () => navigate('/pricing') } });
        return;
      case ErrorCode.FILE_TOO_LARGE:
      case ErrorCode.UNSUPPORTED_FILE: {
        // The server says which: not a kind we deliver, empty, or not what its name says.
        const message = error.code === ErrorCode.FILE_TOO_LARGE ? formMessages.fileTooLarge : error.message;
        dispatch({ type: 'uploadRefused', message });
        toast.error(message);
        return;
      }
      case ErrorCode.VALIDATION_ERROR:
      case ErrorCode.NOT_PUBLISHABLE:
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

  /** Signed in: upload the new file, save the draft and publish it. */
  const publishNow = async () => {
    setPublishing(true);
    setPlanLimitMessage(null);
    try {
      let config = state.config;
      if (state.file) {
        const leadMagnet = await upload.mutateAsync(state.file).catch((error: unknown) => {
          throw fileNotUploaded(error);
        });
        config = { ...config, leadMagnet };
        dispatch({ type: 'leadMagnetUploaded', leadMagnet });
      }
      config = await uploadLocalImages(config, state.images, postImage, (id, ref) =>
        dispatch({ type: 'imageUploaded', id, ref }),
      );
      const saved = state.targetId
        ? await saveDraft.mutateAsync({ id: state.targetId, config })
        : await createForm.mutateAsync(config);
      dispatch({ type: 'savedTo', formId: saved.id });
      const published = await publishForm.mutateAsync(saved.id);
      await finish();
      toast.success(formMessages.published);
      // The dashboard shows the new page's public link (the API's publicUrl) with a Copy button.
      const navigationState: { published: PublishedPage } = { published: { id: published.id } };
      navigate('/dashboard', { state: navigationState });
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

  return { publish, continueAfterSignIn, closeGate: () => setGateOpen(false), gateOpen, publishing, planLimitMessage };
}
