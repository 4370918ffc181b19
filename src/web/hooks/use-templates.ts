import { onlineManager, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'wouter';
import type { Checklist } from '#domain/checklist';
import type { TemplateSummary } from '#domain/templates';
import { apiRequest, isApiError } from '../lib/api.ts';
import { checklistKeys, refreshChecklistData } from '../sync/index.ts';
import { useAuth } from './use-auth.tsx';
import { usePlanLimit } from './use-plan-limit.ts';
import { useToast } from './use-toast.ts';

/**
 * Templates and copies (issue 17): the list for 'New from template', and what its buttons and the
 * checklist's 'Duplicate' and 'Save as template' do. These need the server (a copy is made there, and
 * counted against the plan), so offline they say so instead of queueing.
 */

export const TEMPLATES_KEY = ['/api/templates'] as const;

export const TEMPLATE_TEXTS = {
  offline: "You're offline. Connect to the internet and try again.",
  createFailed: 'Failed to create the checklist. Please try again.',
  duplicateFailed: 'Failed to duplicate the checklist. Please try again.',
  saveFailed: 'Failed to save the template. Please try again.',
  deleteFailed: 'Failed to delete the template. Please try again.',
  loadFailed: 'Templates could not be loaded.',
  ready: (name: string) => `“${name}” is ready.`,
  saved: (name: string) => `“${name}” is in New from template on your dashboard.`,
} as const;

export function useTemplates(enabled: boolean) {
  const { user } = useAuth();
  return useQuery({
    queryKey: [...TEMPLATES_KEY, user?.uid],
    queryFn: ({ signal }) =>
      apiRequest<{ templates: TemplateSummary[] }>('GET', '/api/templates', undefined, { signal }),
    enabled: enabled && Boolean(user),
    select: (body) => body.templates,
  });
}

/** The server's own message for bad input or the template cap, else ours. */
function messageOf(error: unknown, fallback: string): string {
  if (isApiError(error) && error.serverMessage && error.status < 500 && error.status !== 401) {
    return error.serverMessage;
  }
  return fallback;
}

/**
 * Making a checklist from a template or as a copy: the plan limit first (spec section 5), then the
 * server; the new checklist opens. `pending` names what is being made ('template' or a checklist id).
 */
export function useChecklistCopies() {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [, navigate] = useLocation();
  const planLimit = usePlanLimit();
  const [pending, setPending] = useState<string | null>(null);

  async function make(
    key: string,
    request: () => Promise<Checklist>,
    texts: { done: string; failed: string },
  ): Promise<boolean> {
    if (pending) return false;
    if (!onlineManager.isOnline()) {
      toast({ title: 'Error', description: TEMPLATE_TEXTS.offline, variant: 'destructive' });
      return false;
    }
    setPending(key);
    try {
      if (!(await planLimit.hasRoom())) return false;
      const checklist = await request();
      queryClient.setQueryData(checklistKeys.detail(checklist.id), checklist);
      void refreshChecklistData(queryClient, { details: false });
      toast({ title: texts.done, description: TEMPLATE_TEXTS.ready(checklist.name) });
      navigate(`/checklist/${encodeURIComponent(checklist.id)}`);
      return true;
    } catch (error) {
      if (planLimit.handledLimit(error)) return false;
      console.warn('Making the checklist failed', error);
      toast({ title: 'Error', description: messageOf(error, texts.failed), variant: 'destructive' });
      return false;
    } finally {
      setPending(null);
    }
  }

  return {
    pending,
    fromTemplate: (templateId: string, name?: string) =>
      make(
        'template',
        () => apiRequest<Checklist>('POST', '/api/checklists', { templateId, ...(name ? { name } : {}) }),
        { done: 'Checklist created', failed: TEMPLATE_TEXTS.createFailed },
      ),
    duplicate: (checklistId: string) =>
      make(
        checklistId,
        () => apiRequest<Checklist>('POST', `/api/checklists/${encodeURIComponent(checklistId)}/duplicate`),
        { done: 'Checklist duplicated', failed: TEMPLATE_TEXTS.duplicateFailed },
      ),
  };
}

/** Saves a checklist as a template; the error to show, or null when saved. */
export function useSaveTemplate() {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  return async (checklistId: string, name: string): Promise<string | null> => {
    if (!onlineManager.isOnline()) return TEMPLATE_TEXTS.offline;
    try {
      const { template } = await apiRequest<{ template: TemplateSummary }>('POST', '/api/templates', {
        fromChecklistId: checklistId,
        name,
      });
      void queryClient.invalidateQueries({ queryKey: TEMPLATES_KEY });
      toast({ title: 'Template saved', description: TEMPLATE_TEXTS.saved(template.name) });
      return null;
    } catch (error) {
      console.warn('Saving the template failed', error);
      return messageOf(error, TEMPLATE_TEXTS.saveFailed);
    }
  };
}

/** Deletes one of the owner's templates; the error to show, or null when deleted. */
export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return async (templateId: string): Promise<string | null> => {
    if (!onlineManager.isOnline()) return TEMPLATE_TEXTS.offline;
    try {
      await apiRequest('DELETE', `/api/templates/${encodeURIComponent(templateId)}`);
      await queryClient.invalidateQueries({ queryKey: TEMPLATES_KEY });
      return null;
    } catch (error) {
      console.warn('Deleting the template failed', error);
      if (isApiError(error) && error.status === 404) {
        await queryClient.invalidateQueries({ queryKey: TEMPLATES_KEY });
        return null;
      }
      return messageOf(error, TEMPLATE_TEXTS.deleteFailed);
    }
  };
}
