import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Checklist } from '#domain/checklist';
import type { ReviewDecision } from '#domain/review';
import { apiAnswer, isApiError } from '../lib/api.ts';
import { answerRevision, keepNewestCopy, markRevision } from '../lib/copy-revisions.ts';
import { checklistKeys } from '../sync/index.ts';
import { useToast } from './use-toast.ts';

export interface ReviewRequest {
  decision: ReviewDecision;
  note?: string;
  taskIds?: string[];
}

/**
 * The team's review of a submitted checklist (POST /api/checklists/{id}/review): the answer replaces
 * the cached checklist (newest revision wins), the dashboard list and the trail are read again. A
 * refusal is toasted with the server's message. Online only: a review is a decision, not a queued edit.
 */
export function useReview(checklistId: string) {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [pending, setPending] = useState<ReviewDecision | null>(null);
  async function review(request: ReviewRequest): Promise<boolean> {
    setPending(request.decision);
    try {
      const { body, headers } = await apiAnswer<Checklist>(
        'POST',
        `/api/checklists/${encodeURIComponent(checklistId)}/review`,
        request,
      );
      queryClient.setQueryData(checklistKeys.detail(checklistId), (old: unknown) =>
        keepNewestCopy(old, markRevision(body, answerRevision(headers))),
      );
      void queryClient.invalidateQueries({
        queryKey: checklistKeys.all,
        exact: false,
        refetchType: 'active',
      });
      toast({
        title: request.decision === 'approved' ? 'Checklist approved' : 'Sent back for a redo',
        description:
          request.decision === 'approved'
            ? 'The approval is in the activity trail and the report.'
            : 'The recipient was told, and sees your note on each task.',
      });
      return true;
    } catch (error) {
      const description = (isApiError(error) && error.serverMessage) || 'Please try again.';
      toast({ title: 'The review was not saved', description, variant: 'destructive' });
      return false;
    } finally {
      setPending(null);
    }
  }
  return { review, pending };
}
