import { useMutation } from '@tanstack/react-query';
import { ImageIcon } from 'lucide-react';
import { useContext, useRef, type ReactNode } from 'react';
import type { ImageRef } from '@/domain/form-config';
import { IMAGE_MAX_BYTES, imageMessages, imageSources } from '@/domain/images';
import { LocalImageUrls } from '@/landing/design-images';
import { FieldError } from '@/web/components/text-field';
import { Button } from '@/web/components/ui/button';
import { Spinner } from '@/web/components/ui/spinner';
import { apiFetch } from '@/web/lib/api';
import { cn } from '@/web/lib/cn';
import { chooseImage, ImageKeepingContext } from '@/web/features/page-creator/draft/local-images';

/** POST /api/images: the server decides by the file's bytes and answers the stored image's ImageRef. */
export function postImage(file: File): Promise<ImageRef> {
  // Checked here too only to spare the owner a long upload the server would refuse.
  if (file.size > IMAGE_MAX_BYTES) return Promise.reject(new Error(imageMessages.tooLarge));
  const body = new FormData();
  body.append('file', file, file.name);
  return apiFetch<ImageRef>('/api/images', { method: 'POST', body });
}

type ImageUploadProps = {
  id: string;
  label: string;
  hint?: ReactNode;
  /** The image the page shows now, or null. */
  value: ImageRef | null;
  onChange: (ref: ImageRef | null) => void;
  /** The page's own error for this image (e.g. from saving); an upload's error is shown in its place. */
  error?: string;
};

/** Said of an image kept in this browser until the page is published (chosen before signing in). */
export const KEPT_LOCALLY_NOTE = 'Saved in this browser with your draft. It is uploaded when you publish.';

/**
 * A logo or cover for the Design tab: chosen with a file picker, uploaded at once (or, signed out,
 * kept in this browser with the draft until publishing: local-images.ts), then shown as a thumbnail
 * with Replace and Remove. The choose/replace button stays the same element throughout, so keyboard
 * focus is never lost while the picture changes.
 */
export function ImageUpload({ id, label, hint, value, onChange, error }: ImageUploadProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const chooseRef = useRef<HTMLButtonElement>(null);
  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const keeping = useContext(ImageKeepingContext);
  const localUrl = useContext(LocalImageUrls).get(value?.id ?? '');
  const upload = useMutation({
    mutationFn: (file: File) =>
      keeping ? chooseImage(file, { signedIn: keeping.signedIn, upload: postImage, keep: keeping.keep }) : postImage(file),
  });
  // The server's words (ApiError), or the client's own for a file too large or no connection.
  const shownError = upload.error?.message || error;
  const keptId = `${id}-kept`;
  const kept = Boolean(localUrl) && !upload.isPending;
  const describedBy =
    [hint ? hintId : null, kept ? keptId : null, shownError ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;

  const choose = (file: File) => upload.mutate(file, { onSuccess: (ref) => onChange(ref) });
  const remove = () => {
    upload.reset();
    onChange(null);
    chooseRef.current?.focus(); // the Remove button is about to go
  };

  // content-start: beside a taller neighbour (one showing an error), the box stays under its label.
  return (
    <div
      role="group"
      aria-labelledby={labelId}
      aria-busy={upload.isPending || undefined}
      className="grid min-w-0 content-start gap-1.5"
    >
      <span id={labelId} className="text-sm font-medium text-gray-900">
        {label}
      </span>
      <div
        className={cn(
          'flex min-w-0 items-center gap-3 rounded-lg border bg-gray-50 p-3',
          shownError ? 'border-red-600' : 'border-gray-200',
        )}
      >
        <div className="flex h-16 w-24 shrink-0 items-center justify-center overflow-hidden rounded-md border border-gray-200 bg-white">
          {value ? (
            <img
              {...(localUrl ? { src: localUrl } : imageSources(value))}
              sizes="96px"
              width={value.width}
              height={value.height}
              alt={`${label}: the chosen image`}
              className="h-full w-full object-contain"
            />
          ) : (
            <ImageIcon aria-hidden="true" className="size-6 text-gray-400" />
          )}
        </div>
        <div className="flex min-w-0 flex-1 flex-wrap items-center gap-2">
          <Button
            ref={chooseRef}
            type="button"
            variant="outline"
            size="sm"
            // Not disabled while uploading: a disabled button would drop the keyboard focus.
            onClick={() => !upload.isPending && inputRef.current?.click()}
            aria-label={value ? `Replace ${label}` : undefined}
            aria-describedby={describedBy}
            aria-invalid={shownError ? true : undefined}
          >
            {value ? 'Replace' : 'Choose image'}
          </Button>
          {value && (
            <Button type="button" variant="ghost" size="sm" onClick={remove} aria-label={`Remove ${label}`}>
              Remove
            </Button>
          )}
          <p role="status" className="flex items-center gap-1.5 text-sm text-gray-600">
            {upload.isPending && (
              <>
                <Spinner className="size-4" />
                Uploading…
              </>
            )}
          </p>
          {kept && (
            <p id={keptId} className="basis-full text-sm text-gray-600">
              {KEPT_LOCALLY_NOTE}
            </p>
          )}
        </div>
      </div>
      {hint && (
        <p id={hintId} className="text-sm text-gray-600">
          {hint}
        </p>
      )}
      <input
        ref={inputRef}
        id={id}
        type="file"
        accept="image/png,image/jpeg,image/webp"
        className="hidden"
        tabIndex={-1}
        aria-label={`Choose an image for ${label}`}
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          // Reset so that choosing the same file again (after removing it) fires a change.
          event.target.value = '';
          if (chosen) choose(chosen);
        }}
      />
      <FieldError id={id} error={shownError} />
    </div>
  );
}
