import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ComponentProps, createElement, type ReactNode } from 'react';
import type { Mock } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { TeamInvitation, TeamListResponse, TeamMember, TeamResponse } from '#domain/teams';
import type { User } from '#domain/user';
import { render } from '#tests/support/preact-testing-library';
import { ToastProvider } from '#web/components/ui/toast.tsx';
import { AuthProvider } from '#web/hooks/use-auth.tsx';
import { jsonResponse } from './web-components.ts';

/**
 * For the team screens' component tests (issue 29): the teams contract's answers
 * (/work/shared-notes/teams-api.md, domain/teams.ts), a fake of its routes on the fetch mock, and the
 * app's providers around a page.
 */

export const ANN: User = {
  uid: 'u-ann',
  email: 'ann.lee@example.com',
  displayName: 'Ann Lee',
  language: 'en',
  avatarUrl: null,
};

export const SAM: TeamMember = {
  uid: 'u-sam',
  email: 'sam.ortiz@example.com',
  displayName: 'Sam Ortiz',
  role: 'admin',
  joinedAt: '2026-03-04T10:00:00.000Z',
};

export const RIA: TeamMember = {
  uid: 'u-ria',
  email: 'ria.khan@example.com',
  displayName: 'Ria Khan',
  role: 'member',
  joinedAt: '2026-04-12T10:00:00.000Z',
};

const inAWeek = () => new Date(Date.now() + 6 * 86_400_000).toISOString();

export const INVITED: TeamInvitation = {
  id: 'inv-1',
  email: 'lee.park@example.com',
  role: 'member',
  createdAt: '2026-05-01T09:00:00.000Z',
  expiresAt: inAWeek(),
};

/** Ann's team as GET /api/team answers it; Ann's role and the plan as the test says. */
export function teamAnswer(overrides: Partial<TeamResponse> & { myRole?: TeamResponse['myRole'] } = {}) {
  const myRole = overrides.myRole ?? 'owner';
  const ann: TeamMember = {
    uid: ANN.uid,
    email: ANN.email,
    displayName: ANN.displayName,
    role: myRole,
    joinedAt: '2026-01-02T10:00:00.000Z',
  };
  const owner: TeamMember[] =
    myRole === 'owner'
      ? []
      : [
          {
            uid: 'u-olu',
            email: 'olu@example.com',
            displayName: 'Olu Ade',
            role: 'owner',
            joinedAt: '2025-12-01T10:00:00.000Z',
          },
        ];
  const members =
    overrides.members ??
    [...owner, ann, SAM, RIA].filter((m, i, all) => all.findIndex((o) => o.uid === m.uid) === i);
  const invitations = overrides.invitations ?? [INVITED];
  const answer: TeamResponse = {
    team: {
      id: 'team-1',
      name: 'Harbour Cleaning',
      tier: 'professional',
      seats: { used: members.length + invitations.length, limit: 10 },
      storage: { usedBytes: 1.25 * 1024 ** 3, limitBytes: 50 * 1024 ** 3 },
      timeZone: 'UTC',
    },
    myRole,
    members,
    invitations,
  };
  return { ...answer, myRole, team: { ...answer.team, ...overrides.team } };
}

export const TEAMS: TeamListResponse = {
  teams: [
    { id: 'team-1', name: 'Harbour Cleaning', tier: 'professional', role: 'owner', active: true },
    { id: 'team-2', name: 'Lee Family Rentals', tier: 'free', role: 'member', active: false },
  ],
};

export type Answer = (body: unknown, url: string) => Response | Promise<Response>;

/**
 * The API as a test sets it: `answers['POST /api/team/invitations']` answers that call (given the
 * parsed body); signed in as `user` (null: signed out); anything unset is 404. `requests` lists every
 * call but the sign-in's.
 */
export function fakeTeamApi(fetchMock: Mock<typeof fetch>, options: { user?: User | null } = {}) {
  const answers: Record<string, Answer> = {};
  const requests: { method: string; url: string; body: unknown }[] = [];
  const state = { user: options.user === undefined ? ANN : options.user };
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    if (url === '/api/auth/me') return jsonResponse(200, { user: state.user });
    if (url === '/api/user/register') return jsonResponse(200, { user: state.user });
    if (url === '/api/auth/logout') {
      state.user = null;
      return new Response(null, { status: 204 });
    }
    requests.push({ method, url, body });
    const answer = answers[`${method} ${url.split('?')[0]}`];
    if (answer) return answer(body, url);
    return jsonResponse(404, { error: { code: 'not_found', message: 'Not found' } });
  });
  return { answers, requests, state };
}

/** An error answer as our API writes it. */
export function errorAnswer(
  status: number,
  code: string,
  message: string,
  extra: Record<string, unknown> = {},
) {
  return () => jsonResponse(status, { error: { code, message, ...extra } });
}

/** The page inside the app's providers, at `path`; `location()` is where the app navigated to. */
export function renderInApp(ui: ReactNode, path = '/') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const memory = memoryLocation({ path, record: true });
  const view = render(
    createElement(
      QueryClientProvider,
      { client },
      createElement(
        ToastProvider,
        null,
        createElement(
          AuthProvider,
          null,
          createElement(
            Router,
            { hook: memory.hook, searchHook: memory.searchHook } as ComponentProps<typeof Router>,
            ui,
          ),
        ),
      ),
    ),
  );
  return { ...view, client, location: () => memory.history.at(-1) };
}
