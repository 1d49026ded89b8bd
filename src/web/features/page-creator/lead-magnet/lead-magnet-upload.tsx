import {
  BookOpen,
  FileArchive,
  FileAudio,
  FileImage,
  FileSpreadsheet,
  FileText,
  Presentation,
  UploadCloud,
  X,
} from 'lucide-react';
import { useRef, useState, type DragEvent } from 'react';
import { ACCEPTED_FILE_KINDS_TEXT, FILE_INPUT_ACCEPT, fileKindOfName, type FileKind } from '@/domain/file-kinds';
import { FieldError } from '@/web/components/text-field';
import { Button } from '@/web/components/ui/button';
import { cn } from '@/web/lib/cn';
import { displayFileName, displayFileSize, inspectLeadMagnetFile } from '@/web/features/page-creator/editor/editor-model';

type ChosenFile = { name: string; size: number };

type LeadMagnetUploadProps = {
  id: string;
  /** The chosen file: a local file not uploaded yet, or the form's stored file. */
  file: ChosenFile | null;
  error?: string;
  /** A file was chosen; `problem` says why it cannot be the lead magnet (null: it can). */
  onSelect: (file: File, problem: string | null) => void;
  onRemove: () => void;
};

const KIND_ICONS: Record<FileKind, typeof FileText> = {
  pdf: FileText,
  docx: FileText,
  xlsx: FileSpreadsheet,
  pptx: Presentation,
  epub: BookOpen,
  zip: FileArchive,
  jpg: FileImage,
  png: FileImage,
  mp3: FileAudio,
};

/**
 * docs/product.md#validation, the upload: drag-and-drop or browse, one file of a kind we deliver; the chosen file
 * with its name, size and a remove button. A chosen file's contents are checked at once, as the
 * server checks them on upload.
 */
export function LeadMagnetUpload({ id, file, error, onSelect, onRemove }: LeadMagnetUploadProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  /** Only the latest choice counts, however long an earlier one took to read. */
  const choice = useRef(0);
  const [dragging, setDragging] = useState(false);
  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hintId, error ? errorId : null].filter(Boolean).join(' ');
  const Icon = KIND_ICONS[(file && fileKindOfName(file.name)) || 'pdf'];

  const choose = (chosen: File) => {
    const current = ++choice.current;
    void inspectLeadMagnetFile(chosen)
      .catch(() => null) // unreadable here: the server's check on upload still stands
      .then((problem) => {
        if (current === choice.current) onSelect(chosen, problem);
      });
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped) choose(dropped);
  };

  return (
    <div role="group" aria-labelledby={labelId} className="grid min-w-0 gap-1.5">
      <span id={labelId} className="text-sm font-medium text-gray-900">
        Lead magnet file
      </span>
      {file ? (
        <div
          className={cn(
            'flex min-w-0 items-center gap-3 rounded-lg border bg-gray-50 p-3',
            error ? 'border-red-600' : 'border-gray-200',
          )}
        >
          <Icon aria-hidden="true" className="size-8 shrink-0 text-indigo-600" />
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium text-gray-900" title={file.name}>
              {displayFileName(file.name)}
            </p>
            <p className="text-sm text-gray-600">{displayFileSize(file.size)}</p>
          </div>
          <Button type="button" variant="ghost" size="icon" onClick={onRemove} aria-label={`Remove ${file.name}`}>
            <X />
          </Button>
        </div>
      ) : (
        <div
          onDragEnter={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragOver={(event) => {
            event.preventDefault();
            event.dataTransfer.dropEffect = 'copy';
          }}
          onDragLeave={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
          }}
          onDrop={onDrop}
          data-testid="lead-magnet-drop-zone"
          className={cn(
            'flex flex-col items-center gap-2 rounded-lg border-2 border-dashed px-4 py-8 text-center transition-colors',
            dragging ? 'border-indigo-600 bg-indigo-50' : error ? 'border-red-600 bg-white' : 'border-gray-300 bg-white',
          )}
        >
          <UploadCloud aria-hidden="true" className="size-8 text-gray-500" />
          <p className="text-sm text-gray-700">Drag and drop your file here, or</p>
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => inputRef.current?.click()}
            aria-describedby={describedBy}
            aria-invalid={error ? true : undefined}
          >
            Browse files
          </Button>
        </div>
      )}
      <p id={hintId} className="text-sm text-gray-600">
        {ACCEPTED_FILE_KINDS_TEXT.replace(/ and /, ' or ')}, up to 10MB.
      </p>
      <input
        ref={inputRef}
        id={id}
        type="file"
        accept={FILE_INPUT_ACCEPT}
        className="hidden"
        aria-label="Choose your lead magnet file"
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          // Reset so that choosing the same file again (after removing it) fires a change.
          event.target.value = '';
          if (chosen) choose(chosen);
        }}
      />
      <FieldError id={id} error={error} />
    </div>
  );
}
