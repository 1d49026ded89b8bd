import type { FormConfig } from '@/domain/form-config';

/**
 * The page creator's unsaved work, kept in this browser's IndexedDB so that it survives a reload
 * and the sign-in detour. IndexedDB stores the chosen PDF (a File) as is, so nothing is uploaded
 * before the owner publishes.
 */
export interface StoredDraft {
  /** 'new' for a page not saved yet, `edit:{id}` for an existing form. */
  key: string;
  /** The form this draft is saved to: the edited one (?edit=), or one an earlier publish attempt created. */
  editId: string | null;
  config: FormConfig;
  /** The chosen PDF, not uploaded yet. */
  file: File | null;
  /** epoch ms */
  savedAt: number;
}

const DB_NAME = 'lodestone-page-creator';
const DB_VERSION = 1;
const STORE = 'drafts';

export const draftKeyFor = (editId: string | null): string => (editId ? `edit:${editId}` : 'new');

let dbPromise: Promise<IDBDatabase> | null = null;

function openDb(): Promise<IDBDatabase> {
  if (!dbPromise) {
    dbPromise = new Promise<IDBDatabase>((resolve, reject) => {
      if (typeof indexedDB === 'undefined') {
        reject(new Error('IndexedDB is not available in this browser'));
        return;
      }
      const request = indexedDB.open(DB_NAME, DB_VERSION);
      request.onupgradeneeded = () => {
        if (!request.result.objectStoreNames.contains(STORE)) request.result.createObjectStore(STORE, { keyPath: 'key' });
      };
      request.onsuccess = () => {
        const db = request.result;
        // Another tab upgrading the database: let it, and reopen on the next call.
        db.onversionchange = () => {
          db.close();
          dbPromise = null;
        };
        resolve(db);
      };
      request.onerror = () => reject(request.error ?? new Error('Could not open the draft store'));
      request.onblocked = () => reject(new Error('The draft store is blocked by another tab'));
    });
    dbPromise.catch(() => {
      dbPromise = null;
    });
  }
  return dbPromise;
}

/** Runs one request in its own transaction and resolves once the transaction has committed. */
async function run<T>(mode: IDBTransactionMode, makeRequest: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await openDb();
  return new Promise<T>((resolve, reject) => {
    const tx = db.transaction(STORE, mode);
    const request = makeRequest(tx.objectStore(STORE));
    tx.oncomplete = () => resolve(request.result);
    tx.onerror = () => reject(tx.error ?? request.error ?? new Error('Draft store transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('Draft store transaction aborted'));
  });
}

export async function loadDraft(key: string): Promise<StoredDraft | null> {
  const value = await run<StoredDraft | undefined>('readonly', (store) => store.get(key) as IDBRequest<StoredDraft | undefined>);
  return value ?? null;
}

export async function saveDraft(draft: StoredDraft): Promise<void> {
  await run('readwrite', (store) => store.put(draft));
}

export async function deleteDraft(key: string): Promise<void> {
  await run('readwrite', (store) => store.delete(key));
}
