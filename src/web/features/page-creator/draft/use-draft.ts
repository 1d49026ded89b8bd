import { useCallback, useEffect, useRef, useState } from 'react';
import type { FormConfig } from '@/domain/form-config';
import { deleteDraft, loadDraft, saveDraft, type StoredDraft } from './draft-store';
import { isUsableDraftConfig, sameConfig } from '@/web/features/page-creator/editor/editor-model';
import { NO_LOCAL_IMAGES, shownLocalImages, type LocalImages } from './local-images';

export const AUTOSAVE_DELAY_MS = 300;

export type DraftStatus =
  /** Reading the store: nothing is saved yet, so a found draft is not overwritten. */
  | { status: 'loading' }
  /** A draft differing from the starting point was found: the owner restores or discards it. */
  | { status: 'offer'; draft: StoredDraft }
  /** No draft on offer. */
  | { status: 'ready' };

type Work = {
  config: FormConfig;
  file: File | null;
  /** Images chosen signed out, not uploaded yet. */
  images: LocalImages;
  /** The form the work is saved to: the edited one, or one created by an earlier publish attempt. */
  targetId: string | null;
};

type UseDraftOptions = {
  draftKey: string;
  /** The form being edited, or null for a new page. */
  editId: string | null;
  /** What the editor started from (defaults, a template or the saved form): no draft needed while equal. */
  baseline: FormConfig;
  work: Work;
  /**
   * Set when the owner comes back from the full preview: called once the store is read, with the
   * draft to take up at once (no Restore offer), or null when there is none.
   */
  takeUp?: (draft: StoredDraft | null) => void;
};

const warn = (what: string) => (error: unknown) => console.warn(`Page creator draft: could not ${what}`, error);

/**
 * Keeps the editor's work (config, the chosen file and the form it belongs to) in IndexedDB, saved
 * ~300 ms after each change and when the page is hidden or the editor closes.
 */
export function useDraft({ draftKey, editId, baseline, work, takeUp }: UseDraftOptions) {
  const [draftStatus, setDraftStatus] = useState<DraftStatus>({ status: 'loading' });
  const pending = useRef<Work | null>(null);
  const stopped = useRef(false);
  // Read once, when the store answers: the first render's wish is the one that counts.
  const takeUpRef = useRef(takeUp);

  useEffect(() => {
    let cancelled = false;
    loadDraft(draftKey)
      .then((draft) => {
        if (cancelled) return;
        const usable = draft !== null && isUsableDraftConfig(draft.config);
        if (draft && !usable) void deleteDraft(draftKey).catch(warn('drop an outdated draft'));
        const differs =
          usable &&
          (draft.file !== null ||
            Object.keys(draft.images ?? NO_LOCAL_IMAGES).length > 0 ||
            draft.editId !== editId ||
            !sameConfig(draft.config, baseline));
        const taker = takeUpRef.current;
        takeUpRef.current = undefined;
        if (taker) {
          taker(differs ? draft : null);
          setDraftStatus({ status: 'ready' });
        } else if (differs) {
          setDraftStatus({ status: 'offer', draft });
        } else {
          setDraftStatus({ status: 'ready' });
        }
      })
      .catch((error: unknown) => {
        warn('read the saved draft')(error);
        if (!cancelled) setDraftStatus({ status: 'ready' });
      });
    return () => {
      cancelled = true;
    };
  }, [draftKey, editId, baseline]);

  const offering = draftStatus.status === 'offer';
  const write = useCallback(
    (next: Work) => {
      if (stopped.current) return;
      // Only the images the page still shows: one removed or replaced goes with the next save.
      const images = shownLocalImages(next.config, next.images);
      if (
        next.file === null &&
        Object.keys(images).length === 0 &&
        next.targetId === editId &&
        sameConfig(next.config, baseline)
      ) {
        // Nothing to keep. While a found draft is on offer, it stays until the owner decides.
        if (!offering) void deleteDraft(draftKey).catch(warn('clear the draft'));
        return;
      }
      const draft: StoredDraft = {
        key: draftKey,
        editId: next.targetId,
        config: next.config,
        file: next.file,
        images,
        savedAt: Date.now(),
      };
      void saveDraft(draft).catch(warn('save the draft'));
    },
    [draftKey, editId, baseline, offering],
  );

  const flush = useCallback(() => {
    const next = pending.current;
    pending.current = null;
    if (next) write(next);
  }, [write]);

  // Saving starts once the store has been read, so a found draft is never overwritten unread. Work
  // done while the found draft is still on offer is saved too (over it: the owner chose to go on).
  const loaded = draftStatus.status !== 'loading';
  const { config, file, images, targetId } = work;
  useEffect(() => {
    if (!loaded || stopped.current) return;
    pending.current = { config, file, images, targetId };
    const timer = window.setTimeout(flush, AUTOSAVE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [loaded, config, file, images, targetId, flush]);

  // Leaving the tab, reloading or leaving the editor: save what is still waiting for the timer.
  useEffect(() => {
    const onHide = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onHide);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onHide);
      flush();
    };
  }, [flush]);

  /** The owner chose: keep saving from now on (after a restore the editor holds the draft). */
  const resolveOffer = useCallback(
    (choice: 'restore' | 'discard') => {
      if (choice === 'discard') void deleteDraft(draftKey).catch(warn('discard the draft'));
      setDraftStatus({ status: 'ready' });
    },
    [draftKey],
  );

  /** Published: stop saving and forget the draft. */
  const finish = useCallback(async () => {
    stopped.current = true;
    pending.current = null;
    await deleteDraft(draftKey).catch(warn('delete the published draft'));
  }, [draftKey]);

  return { draftStatus, resolveOffer, finish };
}
