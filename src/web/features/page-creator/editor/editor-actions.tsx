import { Eye, Rocket } from 'lucide-react';
import { Button } from '@/web/components/ui/button';

type EditorActionsProps = { onPreview: () => void; onPublish: () => void; publishing: boolean };

/** The bar under the editor's tabs: Preview and Save & Publish. */
export function EditorActions({ onPreview, onPublish, publishing }: EditorActionsProps) {
  return (
    <div className="mt-8 flex flex-col-reverse gap-3 border-t border-gray-200 pt-6 sm:flex-row sm:justify-end">
      <Button type="button" variant="outline" onClick={onPreview}>
        <Eye />
        Preview
      </Button>
      <Button type="button" onClick={onPublish} disabled={publishing}>
        <Rocket />
        Save &amp; Publish
      </Button>
    </div>
  );
}
