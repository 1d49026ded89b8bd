import { useState } from 'react';
import { checkNewEmbedOrigin, normalizeEmbedOrigins } from '@/domain/embed-origins';
import { ApiError } from '@/web/lib/api';
import { useSetEmbedOrigins } from './api';

/**
 * The sites that may show a page (its embedOrigins), added and removed from the Embed dialog and the
 * placements screen alike: the entry is checked like the editor's setting and each change is saved
 * on the published page at once (no publishing). `done` says what the last change did.
 */
export function useAllowedSites(formId: string, sites: string[]) {
  const [entry, setEntryValue] = useState('');
  const [error, setError] = useState<string>();
  const [done, setDone] = useState<string>();
  const save = useSetEmbedOrigins();

  const saveSites = (embedOrigins: string[], message: string, after?: () => void) =>
    save.mutate(
      { id: formId, embedOrigins },
      {
        onSuccess: () => {
          setDone(message);
          after?.();
        },
        onError: (failure) =>
          setError(failure instanceof ApiError ? (failure.errors.embedOrigins ?? failure.message) : 'Something went wrong.'),
      },
    );

  return {
    entry,
    error,
    done,
    pending: save.isPending,
    setEntry: (value: string) => {
      setEntryValue(value);
      setError(undefined);
      setDone(undefined);
    },
    add: () => {
      const checked = checkNewEmbedOrigin(entry, sites);
      if ('error' in checked) return setError(checked.error);
      saveSites(normalizeEmbedOrigins([...sites, checked.origin]), `${checked.origin} may show this page now.`, () =>
        setEntryValue(''),
      );
    },
    remove: (site: string) => {
      setError(undefined);
      saveSites(
        sites.filter((s) => s !== site),
        `${site} can no longer show this page.`,
      );
    },
  };
}
