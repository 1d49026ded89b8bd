import { EDITOR_TABS, type EditorTab } from '@/web/features/page-creator/editor/editor-model';

/*
 * Opening the full preview leaves the creator (a route of its own), and coming back, by Exit Preview
 * or the browser's Back, mounts a fresh editor. The work is in the IndexedDB draft already; this note
 * in sessionStorage (this tab only) says "the owner is coming back from the preview": the creator then
 * takes the draft up at once, on the tab the owner left, instead of offering Restore.
 */

const keyFor = (draftKey: string) => `lodestone:resume-after-preview:${draftKey}`;

export type ResumeRequest = { tab: EditorTab };

export function noteOpeningPreview(draftKey: string, request: ResumeRequest) {
  try {
    sessionStorage.setItem(keyFor(draftKey), JSON.stringify(request));
  } catch {
    // Storage refused (private mode, quota): the owner gets the Restore offer instead.
  }
}

export function readResumeRequest(draftKey: string): ResumeRequest | null {
  try {
    const raw = sessionStorage.getItem(keyFor(draftKey));
    if (!raw) return null;
    const tab = (JSON.parse(raw) as { tab?: unknown }).tab;
    return { tab: EDITOR_TABS.find((t) => t.value === tab)?.value ?? 'basic' };
  } catch {
    return null;
  }
}

export function clearResumeRequest(draftKey: string) {
  try {
    sessionStorage.removeItem(keyFor(draftKey));
  } catch {
    // Nothing to clear.
  }
}
