import { describe, expect, it } from 'vitest';
import { defaultFormConfig } from '@/domain/form-config';
import { deleteDraft, draftKeyFor, loadDraft, saveDraft } from './draft-store';

describe('draftKeyFor', () => {
  it("keys a new page's draft 'new' and an edited form's by its id, as drafts saved earlier are", () => {
    expect(draftKeyFor(null)).toBe('new');
    expect(draftKeyFor('0b0c')).toBe('edit:0b0c');
  });
});

describe('the draft store without IndexedDB', () => {
  it('fails each call with an error (never synchronously), so the editor carries on without a draft', async () => {
    expect(typeof indexedDB).toBe('undefined');
    const draft = { key: 'new', editId: null, config: defaultFormConfig(), file: null, savedAt: 1 };
    const calls = [() => loadDraft('new'), () => saveDraft(draft), () => deleteDraft('new')];
    for (const call of calls) {
      let pending: Promise<unknown> | undefined;
      expect(() => {
        pending = call();
      }).not.toThrow();
      await expect(pending).rejects.toThrow('IndexedDB is not available in this browser');
    }
  });
});
