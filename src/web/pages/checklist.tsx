import { useEffect } from 'react';
import { useParams } from 'wouter';
import { TEAM_MESSAGES } from '#domain/teams';
import { ConnectionStatus } from '../components/connection-status.tsx';
import { PageContainer, useDocumentTitle } from '../components/page.tsx';
import { useChecklist } from '../hooks/use-checklists.ts';
import { useLiveChecklist } from '../hooks/use-live-updates.ts';
import { useToast } from '../hooks/use-toast.ts';
import { isApiError } from '../lib/api.ts';
import { isNewChecklistId, isRemovedFromTeam, ownerChecklistSlot } from '../sync/index.ts';
import { ActivitySection } from './checklist/activity-section.tsx';
import { ChecklistActions } from './checklist/checklist-actions.tsx';
import { ChecklistAddress } from './checklist/checklist-address.tsx';
import { BackToDashboard } from './checklist/checklist-header.tsx';
import { ChecklistNotFound } from './checklist/checklist-not-found.tsx';
import { ChecklistPeople } from './checklist/checklist-people.tsx';
import { ChecklistDetailSkeleton } from './checklist/checklist-skeleton.tsx';
import { ChecklistView } from './checklist/checklist-view.tsx';
import { LazyTranslationCard } from './checklist/lazy-translation-card.tsx';
import { PhotoEvidenceLine } from './checklist/photo-evidence-line.tsx';
import { RemarksTranslation } from './checklist/remarks-translation.tsx';
import { ReviewPanel } from './checklist/review-panel.tsx';
import { SharedWith } from './checklist/shared-with.tsx';

export const LOAD_DETAILS_FAILED = 'Failed to load checklist details. Please try again.';

/** /checklist/{id}: any failed load shows the Not Found view (spec section 7). */
export default function ChecklistPage() {
  const { id = '' } = useParams<{ id: string }>();
  const checklist = useChecklist(id);
  const { toast } = useToast();
  useDocumentTitle(checklist.data?.name ?? 'Checklist');
  // Live once there is a checklist to show: others' ticks, remarks and edits appear as they happen.
  useLiveChecklist(checklist.data ? ownerChecklistSlot(id) : null);

  // A 404 is an answer, not a failure; anything else also gets a toast.
  const notFound = isApiError(checklist.error) && checklist.error.status === 404;
  const failedOtherwise = checklist.isError && !notFound;
  useEffect(() => {
    if (failedOtherwise) toast({ title: 'Error', description: LOAD_DETAILS_FAILED, variant: 'destructive' });
  }, [failedOtherwise, toast]);

  if (notFound || (checklist.isError && !checklist.data)) {
    return (
      <PageContainer>
        <ChecklistNotFound
          reason={isRemovedFromTeam(checklist.error) ? TEAM_MESSAGES.removedFromTeam : null}
        />
      </PageContainer>
    );
  }

  return (
    <main className="mx-auto w-full max-w-3xl px-4 pt-6 pb-32 sm:pt-8">
      <div className="flex items-center justify-between gap-2">
        <BackToDashboard />
        {/* A copy is made from what the server has: not for a checklist made offline and not sent yet. */}
        {checklist.data && !isNewChecklistId(id) && <ChecklistActions checklist={checklist.data} />}
      </div>
      {checklist.data ? (
        <ChecklistView
          checklist={checklist.data}
          slot={ownerChecklistSlot(id)}
          byline={<ConnectionStatus className="align-middle" />}
          people={(changes) => <ChecklistPeople view={changes.view} onAssign={changes.assign} />}
          review={(shown) => <ReviewPanel checklist={shown} />}
          taskExtra={(task) => <PhotoEvidenceLine task={task} />}
          afterRemarks={
            <RemarksTranslation checklistId={checklist.data.id} remarks={checklist.data.remarks} />
          }
        />
      ) : (
        <ChecklistDetailSkeleton />
      )}
      {checklist.data && <SharedWith checklistId={checklist.data.id} checklistName={checklist.data.name} />}
      {checklist.data && <ChecklistAddress key={checklist.data.id} checklist={checklist.data} />}
      {checklist.data && !isNewChecklistId(id) && <LazyTranslationCard checklist={checklist.data} />}
      {checklist.data && <ActivitySection checklistId={checklist.data.id} tasks={checklist.data.tasks} />}
    </main>
  );
}
