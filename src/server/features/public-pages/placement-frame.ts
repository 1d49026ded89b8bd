import { createHash } from 'node:crypto';
import { PLACEMENT_FRAME_PARAMS, PLACEMENT_ID } from '@/domain/placements';
import { placementSignedUpScript } from '@/landing/index';

// A published page shown by a placement on its owner's site (domain/placements.ts): the loader
// frames `/f/{id}?ls_placement={id}&ls_host={host page}&ls_content=form|page`. In that frame the page
// is compact (its form alone) or whole, the owner's app may frame it too (the placement screen's
// preview), and its form carries the placement and host page back with the sign-up.

export type PlacementFrame = {
  /** A placement's id (checked against the page by the caller), or 'preview': the owner's preview, which takes no sign-up. */
  id: string;
  /** The host page's address as the loader sent it (checked against the allowed sites where it is recorded). */
  host: string;
  content: 'form' | 'page';
};

const P = PLACEMENT_FRAME_PARAMS;
// eslint-disable-next-line no-control-regex
const clean = (value: string) => value.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 1000);

/**
 * The placement frame named by `params` (a page's query, or a posted form's fields, with the
 * page's address as `fallback`), or null when there is none or its id is malformed.
 */
export function placementFrameOf(
  params: Record<string, unknown> | URLSearchParams,
  fallback?: URLSearchParams,
): PlacementFrame | null {
  const read = (name: string) => {
    const value = params instanceof URLSearchParams ? params.get(name) : params[name];
    if (typeof value === 'string' && value !== '') return value;
    return fallback?.get(name) ?? '';
  };
  const id = read(P.placement);
  if (id !== 'preview' && !PLACEMENT_ID.test(id)) return null;
  return { id, host: clean(read(P.host)), content: read(P.content) === 'page' ? 'page' : 'form' };
}

/** The frame's parameters as hidden inputs of its form: a sign-up (and the page again after an error) keeps them. */
export const frameHiddenFields = (frame: PlacementFrame): Record<string, string> => ({
  [P.placement]: frame.id,
  [P.host]: frame.host,
  [P.content]: frame.content,
});

/** The frame's parameters as the rest of a query (`&…`), for the thank-you page a sign-up in it leads to. */
export const frameQuery = (frame: PlacementFrame) =>
  `&${new URLSearchParams({ [P.placement]: frame.id, [P.host]: frame.host, [P.content]: frame.content }).toString()}`;

const SIGNED_UP_HASH = `'sha256-${createHash('sha256').update(placementSignedUpScript).digest('base64')}'`;

/** `csp` that also allows the signed-up message's script (a thank-you page in a placement's frame). */
export const allowSignedUpScript = (csp: string) => csp.replace('script-src ', `script-src ${SIGNED_UP_HASH} `);
