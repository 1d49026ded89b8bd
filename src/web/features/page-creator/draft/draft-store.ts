import { createStore, del, get, promisifyRequest, type UseStore } from 'idb-keyval';
import type { FormConfig } from '@/domain/form-config';

/**
 * The page creator's unsaved work, kept in this browser's IndexedDB so that it survives a reload
 * and the sign-in detour. IndexedDB stores the chosen file (a File) as is, so nothing is uploaded
 * before the owner publishes.
 */
export interface StoredDraft {
  /** 'new' for a page not saved yet, `edit:{id}` for an existing form. */
  key: string;
  /** The form this draft is saved to: the edited one (?edit=), or one an earlier publish attempt created. */
  editId: string | null;
  config: FormConfig;
  /** The chosen lead-magnet file, not uploaded yet. */
  file: File | null;
  /**
   * Logos and covers chosen signed out, not uploaded yet, by the id of the provisional ImageRef the
   * config shows them by (local-images.ts). Absent in drafts saved before images were kept.
   */
  images?: Readonly<Record<string, File>>;
  /** epoch ms */
  savedAt: number;
}

const DB_NAME = 'lodestone-page-creator';
const STORE = 'drafts';

export const draftKeyFor = (editId: string | null): string => (editId ? `edit:${editId}` : 'new');

let store: UseStore | null = null;

/** Opened on first use. Without IndexedDB every call fails, and the editor carries on without a draft. */
function draftStore(): UseStore {
  if (typeof indexedDB === 'undefined') throw new Error('IndexedDB is not available in this browser');
  store ??= createStore(DB_NAME, STORE);
  return store;
}

export async function loadDraft(key: string): Promise<StoredDraft | null> {
  return (await get<StoredDraft>(key, draftStore())) ?? null;
}

export async function saveDraft(draft: StoredDraft): Promise<void> {
  await draftStore()('readwrite', (objectStore) => {
    // A store made before idb-keyval keeps the key inside the draft (keyPath 'key'); one idb-keyval
    // made takes it beside the draft. The draft carries its key either way, so both read it back.
    if (objectStore.keyPath === 'key') objectStore.put(draft);
    else objectStore.put(draft, draft.key);
    return promisifyRequest(objectStore.transaction);
  });
}

export async function deleteDraft(key: string): Promise<void> {
  await del(key, draftStore());
}
