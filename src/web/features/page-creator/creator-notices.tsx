import { Link } from '@/web/lib/router';
import { toast } from '@/web/lib/toast';
import { FormAlert } from '@/web/components/form-alert';
import { DraftBanner } from '@/web/features/page-creator/draft/draft-banner';
import type { StoredDraft } from '@/web/features/page-creator/draft/draft-store';
import { UnknownTemplateNotice } from './unknown-template-notice';
import type { DraftStatus } from '@/web/features/page-creator/draft/use-draft';

type CreatorNoticesProps = {
  showUnknownTemplate: boolean;
  onDismissUnknownTemplate: () => void;
  draftStatus: DraftStatus;
  onRestoreDraft: (draft: StoredDraft) => void;
  onDiscardDraft: () => void;
  /** The plan has no room for another page: said above the editor, with the way to upgrade. */
  planLimitMessage: string | null;
};

/** What the creator tells the owner above the editor: an unknown template, a draft to restore, the plan limit. */
export function CreatorNotices({
  showUnknownTemplate,
  onDismissUnknownTemplate,
  draftStatus,
  onRestoreDraft,
  onDiscardDraft,
  planLimitMessage,
}: CreatorNoticesProps) {
  return (
    <div className="mt-6 grid gap-4">
      {showUnknownTemplate && <UnknownTemplateNotice onDismiss={onDismissUnknownTemplate} />}
      {draftStatus.status === 'offer' && (
        <DraftBanner
          savedAt={draftStatus.draft.savedAt}
          onRestore={() => {
            onRestoreDraft(draftStatus.draft);
            toast.success('Draft restored');
          }}
          onDiscard={onDiscardDraft}
        />
      )}
      {planLimitMessage && (
        <FormAlert>
          {planLimitMessage}{' '}
          <Link to="/pricing" className="font-semibold underline underline-offset-4">
            See plans and upgrade
          </Link>
        </FormAlert>
      )}
    </div>
  );
}
