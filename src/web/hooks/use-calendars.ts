import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarInput } from '#domain/calendars';
import type { Calendar, CalendarDetail } from '#domain/calendars-response';
import { apiRequest, isApiError } from '../lib/api.ts';
import { refreshChecklistData } from '../sync/index.ts';
import { useAuth } from './use-auth.tsx';

/**
 * Booking calendars (docs/automation.md "Booking calendars"): the active team's list, one calendar's
 * last syncs, and what the section's buttons do. Each answer is the calendar as the server has it.
 */

export const CALENDARS_KEY = ['/api/calendars'] as const;

export function useCalendars() {
  const { user } = useAuth();
  return useQuery({
    queryKey: [...CALENDARS_KEY, user?.uid],
    queryFn: ({ signal }) =>
      apiRequest<{ calendars: Calendar[] }>('GET', '/api/calendars', undefined, { signal }),
    enabled: Boolean(user),
    select: (body) => body.calendars,
    staleTime: 0,
  });
}

export function useCalendarDetail(id: string, enabled: boolean) {
  const { user } = useAuth();
  return useQuery({
    queryKey: [...CALENDARS_KEY, user?.uid, id],
    queryFn: ({ signal }) =>
      apiRequest<{ calendar: CalendarDetail }>('GET', `/api/calendars/${encodeURIComponent(id)}`, undefined, {
        signal,
      }),
    enabled: enabled && Boolean(user),
    select: (body) => body.calendar,
    staleTime: 0,
  });
}

/** The server's own words for what it refused, else ours. */
export function calendarErrorText(error: unknown, fallback: string): string {
  if (isApiError(error) && error.serverMessage && error.status < 500 && error.status !== 401) {
    return error.serverMessage;
  }
  return fallback;
}

export function useCalendarActions() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const remember = (calendar: CalendarDetail) => {
    queryClient.setQueryData([...CALENDARS_KEY, user?.uid, calendar.id], { calendar });
    void queryClient.invalidateQueries({ queryKey: [...CALENDARS_KEY, user?.uid], exact: true });
  };
  const path = (id: string) => `/api/calendars/${encodeURIComponent(id)}`;
  return {
    async create(body: CalendarInput): Promise<CalendarDetail> {
      const { calendar } = await apiRequest<{ calendar: CalendarDetail }>('POST', '/api/calendars', body);
      remember(calendar);
      void refreshChecklistData(queryClient, { details: false });
      return calendar;
    },
    async update(id: string, body: Partial<CalendarInput>): Promise<CalendarDetail> {
      const { calendar } = await apiRequest<{ calendar: CalendarDetail }>('PATCH', path(id), body);
      remember(calendar);
      return calendar;
    },
    async read(id: string): Promise<CalendarDetail> {
      const { calendar } = await apiRequest<{ calendar: CalendarDetail }>('GET', path(id));
      return calendar;
    },
    async remove(id: string): Promise<void> {
      await apiRequest('DELETE', path(id));
      await queryClient.invalidateQueries({ queryKey: CALENDARS_KEY });
    },
    /** 'Sync now': the calendar with the run just made; the dashboard reads its new turnovers. */
    async sync(id: string): Promise<CalendarDetail> {
      const { calendar } = await apiRequest<{ calendar: CalendarDetail }>('POST', `${path(id)}/sync`);
      remember(calendar);
      void refreshChecklistData(queryClient, { details: false });
      return calendar;
    },
  };
}
