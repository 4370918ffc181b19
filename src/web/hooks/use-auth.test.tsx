import { useQuery } from '@tanstack/react-query';
import { beforeAll, describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import { act, fireEvent, screen, waitFor } from '#tests/support/preact-testing-library';
import { fakeTeamApi, renderInApp } from '#tests/support/teams-web';
import { jsonResponse, mockFetchEachTest, writePublicConfig } from '#tests/support/web-components';
import { ProtectedRoute } from '../components/protected-route.tsx';
import { apiRequest } from '../lib/api.ts';
import { useAuth } from './use-auth.tsx';

/** Signing out: the page goes first, the session next, the cached answers last; nothing is asked between. */

const fetchMock = mockFetchEachTest();
beforeAll(() => writePublicConfig({ siteName: 'ListSync' }));

const THINGS_KEY = ['/api/things'] as const;

/** A signed-in page that reads again every 20 ms, as a live page's refreshes and timers do. */
function ThingsPage() {
  const things = useQuery({
    queryKey: THINGS_KEY,
    queryFn: () => apiRequest<{ count: number }>('GET', '/api/things'),
    refetchInterval: 20,
  });
  return <p>{things.data ? `${things.data.count} things` : 'Loading things'}</p>;
}

function SignOutButton() {
  const { signOut } = useAuth();
  return (
    <button type="button" onClick={() => void signOut()}>
      Sign out
    </button>
  );
}

/** The app with the page at /things, and the server's answer to the sign-out held until `answer`. */
function openSignedIn() {
  const api = fakeTeamApi(fetchMock);
  api.answers['GET /api/things'] = () => jsonResponse(200, { count: 3 });
  const served = fetchMock.getMockImplementation();
  let answer: (response: Response) => void = () => undefined;
  fetchMock.mockImplementation((input, init) =>
    String(input) === '/api/auth/logout'
      ? new Promise<Response>((resolve) => {
          answer = resolve;
        })
      : (served?.(input, init) ?? Promise.reject(new Error('no answer'))),
  );
  const view = renderInApp(
    <>
      <SignOutButton />
      <Route path="/things">
        <ProtectedRoute>
          <ThingsPage />
        </ProtectedRoute>
      </Route>
    </>,
    '/things',
  );
  const reads = () => api.requests.filter((request) => request.url === '/api/things').length;
  return { ...view, reads, answerSignOut: (response: Response) => answer(response) };
}

/** Signed in on the page, then Sign out pressed: the page is gone before the server answers. */
async function pressSignOut() {
  const view = openSignedIn();
  expect(await screen.findByText('3 things')).toBeTruthy();
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
  });
  expect(screen.queryByText('3 things')).toBeNull();
  return view;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('signing out', () => {
  it('takes the page down at once, and nothing of it reads while or after the session ends', async () => {
    const view = await pressSignOut();
    const readsAtPress = view.reads();
    // The server is slow to answer: the page's 20 ms timer would have read several times meanwhile.
    await act(() => pause(120));
    expect(view.reads()).toBe(readsAtPress);

    await act(async () => view.answerSignOut(new Response(null, { status: 204 })));
    await waitFor(() => expect(view.location()).toBe('/'));
    await act(() => pause(120));
    expect(view.reads()).toBe(readsAtPress);
    // This device forgot the user's answers, and knows nobody is signed in.
    expect(view.client.getQueryData(THINGS_KEY)).toBeUndefined();
    expect(view.client.getQueryData(['/api/auth/me'])).toEqual({ user: null });
  });

  it('that fails brings the page back, still signed in, and says why', async () => {
    const view = await pressSignOut();
    await act(async () =>
      view.answerSignOut(jsonResponse(503, { error: { code: 'unavailable', message: 'Try again later' } })),
    );
    expect(await screen.findByText('Sign-out failed')).toBeTruthy();
    expect(screen.getByText('Please check your connection and try again.')).toBeTruthy();
    expect(await screen.findByText('3 things')).toBeTruthy();
    expect(view.location()).toBe('/things');
    expect(view.client.getQueryData(['/api/auth/me'])).toMatchObject({ user: { uid: 'u-ann' } });
  });
});
