import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { RemarksTranslationResponse } from '#domain/translation';
import type { User } from '#domain/user';
import { fireEvent, render, screen, waitFor, within } from '#tests/support/preact-testing-library';
import { jsonResponse, mockFetchEachTest } from '#tests/support/web-components';
import { ToastProvider } from '../components/ui/toast.tsx';
import { AuthProvider } from '../hooks/use-auth.tsx';
import { RemarksTranslation } from './checklist/remarks-translation.tsx';
import { LanguageCard } from './dashboard/language-card.tsx';

/** The owner's side of issue 13: their language, and recipients' remarks read in it. */

const fetchMock = mockFetchEachTest();
let user: User;
let remarksAnswers: RemarksTranslationResponse[];
let languageAnswer: () => Response;

beforeEach(() => {
  user = { uid: 'u1', email: 'ann@example.com', displayName: 'Ann Lee', language: 'en', avatarUrl: null };
  remarksAnswers = [];
  languageAnswer = () => jsonResponse(200, { language: 'fr' });
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.startsWith('/api/auth/me')) return jsonResponse(200, { user });
    if (url === '/api/user/u1/language' && init?.method === 'PUT') return languageAnswer();
    if (url.startsWith('/api/checklists/c1/remarks')) {
      const answer = remarksAnswers.length > 1 ? remarksAnswers.shift() : remarksAnswers[0];
      return answer
        ? jsonResponse(200, answer)
        : jsonResponse(404, { error: { code: 'not_found', message: 'Nothing here' } });
    }
    return jsonResponse(404, { error: { code: 'not_found', message: 'Nothing here' } });
  });
});

function renderWithApp(node: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <AuthProvider>{node}</AuthProvider>
      </ToastProvider>
    </QueryClientProvider>,
  );
}

function remarksCalls(): string[] {
  return fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/remarks'));
}

describe("the owner's language", () => {
  it('shows the language kept with the account and saves a new one', async () => {
    renderWithApp(<LanguageCard />);
    const select = (await screen.findByRole('combobox', { name: 'Your language' })) as HTMLSelectElement;
    await screen.findByDisplayValue('English');
    fireEvent.change(select, { target: { value: 'fr' } });
    await screen.findByText('Your language is now French.');
    expect(select.value).toBe('fr');
    const put = fetchMock.mock.calls.find(
      ([url, init]) => String(url).endsWith('/language') && init?.method === 'PUT',
    );
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ language: 'fr' });
  });

  it('says so when the change is refused and keeps the language it had', async () => {
    languageAnswer = () =>
      jsonResponse(400, {
        error: { code: 'validation_failed', message: 'language must be one of the fifteen' },
      });
    renderWithApp(<LanguageCard />);
    const select = (await screen.findByRole('combobox', { name: 'Your language' })) as HTMLSelectElement;
    await screen.findByDisplayValue('English');
    fireEvent.change(select, { target: { value: 'de' } });
    await screen.findByText('Your language could not be changed. Please try again.');
    expect(select.value).toBe('en');
  });
});

describe("a recipient's remarks, for the owner", () => {
  const SPANISH: RemarksTranslationResponse = {
    remarks: 'Falta una bombilla en el baño.',
    language: 'es',
    text: 'A light bulb is missing in the bathroom.',
    textLanguage: 'en',
    translated: true,
  };

  it("are translated into the owner's language, with 'Show original'", async () => {
    remarksAnswers = [SPANISH];
    renderWithApp(<RemarksTranslation checklistId="c1" remarks={SPANISH.remarks} />);
    const panel = await screen.findByRole('region', { name: 'Translated from Spanish' });
    expect(within(panel).getByText(SPANISH.text)).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Show original' }));
    expect(within(panel).getByText(SPANISH.remarks).getAttribute('lang')).toBe('es');
    fireEvent.click(within(panel).getByRole('button', { name: 'Show translation' }));
    expect(within(panel).getByText(SPANISH.text)).toBeTruthy();
    expect(remarksCalls()).toEqual(['/api/checklists/c1/remarks?lang=en']);
  });

  it("show nothing when they are in the owner's language, and ask nothing when there are none", async () => {
    remarksAnswers = [{ ...SPANISH, language: 'en', text: SPANISH.remarks, translated: false }];
    const { rerender } = renderWithApp(<RemarksTranslation checklistId="c1" remarks={SPANISH.remarks} />);
    await waitFor(() => expect(remarksCalls()).toHaveLength(1));
    expect(screen.queryByTestId('remarks-translation')).toBeNull();
    rerender(
      <QueryClientProvider client={new QueryClient()}>
        <ToastProvider>
          <AuthProvider>
            <RemarksTranslation checklistId="c1" remarks="   " />
          </AuthProvider>
        </ToastProvider>
      </QueryClientProvider>,
    );
    expect(remarksCalls()).toHaveLength(1);
  });

  it("say 'Translating…' while the engine works, then show the translation", async () => {
    remarksAnswers = [
      { ...SPANISH, text: SPANISH.remarks, translated: false, translationNote: 'pending' },
      SPANISH,
    ];
    renderWithApp(<RemarksTranslation checklistId="c1" remarks={SPANISH.remarks} />);
    await screen.findByText('The recipient wrote in Spanish. Translating…');
    await screen.findByText(SPANISH.text);
    expect(remarksCalls()).toHaveLength(2);
  });

  it('say plainly when no engine can translate them', async () => {
    remarksAnswers = [
      {
        ...SPANISH,
        language: 'hi',
        text: 'बाथरूम में बल्ब नहीं है',
        remarks: 'बाथरूम में बल्ब नहीं है',
        translated: false,
        translationNote: 'unavailable',
      },
    ];
    renderWithApp(<RemarksTranslation checklistId="c1" remarks="बाथरूम में बल्ब नहीं है" />);
    await screen.findByText('The recipient wrote in Hindi. No automatic translation is available for it.');
  });
});
