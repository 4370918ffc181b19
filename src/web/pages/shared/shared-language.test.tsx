import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { Checklist } from '#domain/checklist';
import type { SharedChecklistResponse, VerificationStatus } from '#domain/sharing';
import { aChecklist } from '#tests/support/checklist-fixtures';
import {
  act,
  cleanup,
  fireEvent,
  render,
  screen,
  waitFor,
  within,
} from '#tests/support/preact-testing-library';
import { jsonResponse, mockFetchEachTest, writePublicConfig } from '#tests/support/web-components';
import { ToastProvider } from '../../components/ui/toast.tsx';
import { OfflineQueueProvider } from '../../hooks/use-offline-queue.tsx';
import { memoryBlobStore, memoryOpStore, sharedKeys } from '../../sync/index.ts';
import SharedChecklistPage from '../shared.tsx';
import { asWritten } from './shared-translation.ts';

/** The recipient's page in their language (issue 13): words, layout direction and the translated texts. */

const TOKEN = 'abcdefghijklmnopqrstuv';

const WRITTEN: Checklist = aChecklist({
  name: 'Turnover – Harbour View 4B',
  status: 'in-progress',
  progress: 50,
  tasks: [
    {
      id: 'task_1',
      description: 'Strip beds',
      completed: true,
      photoRequired: false,
      photoUrl: null,
      referencePhotoUrl: null,
      details: 'All four rooms',
      completedAt: '2026-01-01T10:00:00.000Z',
      redoNote: null,
      photoCapturedAt: null,
      photoReceivedAt: null,
      photoCaptureSource: null,
      photoLocation: null,
    },
    {
      id: 'task_2',
      description: 'Mop the kitchen floor',
      completed: false,
      photoRequired: false,
      photoUrl: null,
      referencePhotoUrl: null,
      details: '',
      completedAt: null,
      redoNote: null,
      photoCapturedAt: null,
      photoReceivedAt: null,
      photoCaptureSource: null,
      photoLocation: null,
    },
  ],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  userId: null,
});

/** The same checklist as the server answers it in Spanish. */
const IN_SPANISH: Checklist = {
  ...WRITTEN,
  name: 'Cambio – Harbour View 4B',
  tasks: [
    {
      ...(WRITTEN.tasks[0] as Checklist['tasks'][number]),
      description: 'Quitar la ropa de cama',
      details: 'Las cuatro habitaciones',
    },
    { ...(WRITTEN.tasks[1] as Checklist['tasks'][number]), description: 'Fregar el suelo de la cocina' },
  ],
};

const UNTRANSLATED: SharedChecklistResponse = {
  success: true,
  checklist: WRITTEN,
  targetLanguage: 'es',
  ownerName: 'Ann Lee',
  recipientName: 'Jane',
  maskedContact: 'j•••e@example.com',
  language: 'es',
  sourceLanguage: 'en',
  translated: false,
  message: 'ok',
};

const TRANSLATED: SharedChecklistResponse = {
  ...UNTRANSLATED,
  checklist: IN_SPANISH,
  translated: true,
  original: {
    name: WRITTEN.name,
    remarks: '',
    tasks: WRITTEN.tasks.map(({ id, description, details }) => ({ id, description, details })),
  },
};

const VERIFIED: VerificationStatus = {
  verified: true,
  expired: false,
  recipientId: 'recipient_1',
  checklistId: WRITTEN.id,
  targetLanguage: 'es',
  recipientName: 'Jane',
  maskedEmail: 'j•••e@example.com',
  maskedPhone: null,
  maskedContact: 'j•••e@example.com',
};

const NOT_VERIFIED = { verified: false, expired: false };

const fetchMock = mockFetchEachTest();

/** Answers by path; the shared checklist by a function of the request's `lang`. */
function serve(status: unknown, shared?: (lang: string | null) => Response) {
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === `/api/verification/status/${TOKEN}`) return jsonResponse(200, status);
    if (url.pathname === '/api/shared/checklist' && shared) return shared(url.searchParams.get('lang'));
    if (url.pathname === `/api/checklists/${WRITTEN.id}`) {
      return jsonResponse(200, { ...WRITTEN, remarks: 'Falta jabón' });
    }
    if (url.pathname === '/api/verification/verify') {
      return jsonResponse(400, { error: { code: 'code_invalid', message: 'Wrong', triesLeft: triesLeft } });
    }
    throw new Error(`unexpected call to ${url.pathname}`);
  });
}
let triesLeft = 3;

const sharedCalls = () =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/shared'));

beforeAll(async () => {
  writePublicConfig({ localMode: false });
  await import('./shared-checklist-content.tsx');
});

afterEach(async () => {
  // The page gives English back when it goes; the next test starts from there.
  cleanup();
  await waitFor(() => expect(document.documentElement.lang).toBe('en'));
});

function renderPage(
  search: string,
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
) {
  const location = memoryLocation({ path: `/shared/${TOKEN}`, searchPath: search, record: true });
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <OfflineQueueProvider ops={memoryOpStore()} blobs={memoryBlobStore()}>
          <Router hook={location.hook} searchHook={location.searchHook}>
            <Route path="/shared/:token" component={SharedChecklistPage} />
          </Router>
        </OfflineQueueProvider>
      </ToastProvider>
    </QueryClientProvider>,
  );
  return { client, location };
}

async function enterWrongCode() {
  const dialog = await screen.findByRole('dialog');
  const input = within(dialog).getByRole('textbox');
  fireEvent.change(input, { target: { value: '111111' } });
  await act(async () => {
    fireEvent.submit(input.closest('form') as HTMLFormElement);
  });
  return (await within(dialog).findByRole('alert')).textContent;
}

describe('the shared page in the recipient’s language', () => {
  it('asks for the code in Spanish on a ?lang=es link', async () => {
    serve(NOT_VERIFIED);
    renderPage('lang=es');
    const dialog = await screen.findByRole('dialog', { name: 'Introduzca su código de verificación' });
    expect(within(dialog).getByLabelText('Código de verificación')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Verificar' })).toBeTruthy();
    expect(dialog.textContent).toContain('El código de 6 dígitos es válido durante 10 minutos.');
    expect(within(dialog).getByRole('button', { name: 'Reenviar código' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('es');
    expect(await enterWrongCode()).toBe('Ese código no es correcto. Le quedan 3 intentos.');
  });

  it('says how many tries are left with Russian plurals', async () => {
    serve(NOT_VERIFIED);
    renderPage('lang=ru');
    await screen.findByRole('dialog', { name: 'Введите код подтверждения' });
    triesLeft = 1;
    expect(await enterWrongCode()).toBe('Неверный код. Осталась 1 попытка.');
    triesLeft = 3;
    expect(await enterWrongCode()).toBe('Неверный код. Осталось 3 попытки.');
    triesLeft = 5;
    expect(await enterWrongCode()).toBe('Неверный код. Осталось 5 попыток.');
    triesLeft = 3;
  });

  it('shows the verified page in the share’s own language when the link names none', async () => {
    serve(VERIFIED, () => jsonResponse(200, { ...UNTRANSLATED, translationNote: 'unavailable' }));
    renderPage('');
    const banner = await screen.findByTestId('verified-access');
    await waitFor(() => expect(banner.textContent).toContain('Acceso verificado'));
    expect(banner.textContent).toContain(
      'Tiene acceso verificado a esta lista compartida mediante j•••e@example.com',
    );
    expect(screen.getByTestId('status-badge').textContent).toBe('En curso (50\u00a0%)');
    expect(screen.getByTestId('task-count').textContent).toBe('1 de 2 tareas completadas');
    expect(screen.getByRole('button', { name: /Enviar lista completada/ })).toBeTruthy();
    // The owner's name isolated in the sentence (<bdi>): it keeps its own direction.
    const byline = screen.getByText(
      (_, element) => element?.tagName === 'SPAN' && element.textContent === 'Compartida por Ann Lee',
    );
    expect(byline.querySelector('bdi')?.textContent).toBe('Ann Lee');
    expect(sharedCalls()).toContain(`/api/shared/checklist?token=${TOKEN}&lang=es`);
    // No engine for the pair: said plainly, in Spanish.
    expect(screen.getByTestId('translation-note').textContent).toBe(
      'No hay traducción automática para este idioma: la lista se muestra tal como se escribió.',
    );
  });

  it('lays Arabic out right to left, and gives the page back to English when it goes', async () => {
    serve(NOT_VERIFIED);
    renderPage('lang=ar');
    await screen.findByRole('dialog', { name: 'أدخل رمز التحقق' });
    expect(document.documentElement.lang).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    cleanup();
    await waitFor(() => expect(document.documentElement.lang).toBe('en'));
    expect(document.documentElement.hasAttribute('dir')).toBe(false);
  });

  it('shows the Auto-Translated banner, and Show original swaps the texts and back', async () => {
    serve(VERIFIED, () => jsonResponse(200, TRANSLATED));
    renderPage('lang=es');
    const banner = await screen.findByTestId('auto-translated');
    await waitFor(() => expect(banner.textContent).toContain('Traducción automática'));
    expect(banner.textContent).toContain('Esta lista se tradujo automáticamente al español.');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Cambio – Harbour View 4B');
    expect(screen.getByText('Fregar el suelo de la cocina')).toBeTruthy();

    fireEvent.click(within(banner).getByRole('button', { name: 'Ver original' }));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(WRITTEN.name);
    expect(screen.getByText('Mop the kitchen floor')).toBeTruthy();

    fireEvent.click(within(banner).getByRole('button', { name: 'Ver traducción' }));
    expect(screen.getByText('Fregar el suelo de la cocina')).toBeTruthy();
  });

  it("says 'Auto-Translated' in English, with the spec's word", async () => {
    serve(VERIFIED, () =>
      jsonResponse(200, {
        ...TRANSLATED,
        language: 'en',
        sourceLanguage: 'es',
      } satisfies SharedChecklistResponse),
    );
    renderPage('lang=en');
    const banner = await screen.findByTestId('auto-translated');
    expect(banner.textContent).toContain('Auto-Translated');
    expect(within(banner).getByRole('button', { name: 'Show original' })).toBeTruthy();
  });

  it('keeps the translation when a live update brings the texts as written', async () => {
    // Asked again later (on focus, after a reconnection), the server has the tick too.
    const tickedInSpanish = {
      ...TRANSLATED,
      checklist: { ...IN_SPANISH, tasks: IN_SPANISH.tasks.map((task) => ({ ...task, completed: true })) },
    };
    let asked = 0;
    serve(VERIFIED, () => {
      asked += 1;
      return jsonResponse(200, asked === 1 ? TRANSLATED : tickedInSpanish);
    });
    const { client } = renderPage('lang=es');
    await screen.findByText('Fregar el suelo de la cocina');
    await waitFor(() => expect(client.isFetching()).toBe(0));
    // The owner ticks a task: the realtime copy carries the owner's own words.
    const ticked = { ...WRITTEN, tasks: WRITTEN.tasks.map((task) => ({ ...task, completed: true })) };
    await act(async () => {
      client.setQueryData<SharedChecklistResponse>(sharedKeys.checklist(TOKEN, 'es'), (old) =>
        old ? { ...old, checklist: ticked } : old,
      );
    });
    await waitFor(() =>
      expect(screen.getByTestId('task-count').textContent).toBe('2 de 2 tareas completadas'),
    );
    expect(screen.getByText('Fregar el suelo de la cocina')).toBeTruthy();
    expect(screen.queryByText('Mop the kitchen floor')).toBeNull();
  });

  it("says 'Translating…' while the translation is on its way, and shows it when it lands", async () => {
    let asked = 0;
    serve(VERIFIED, () => {
      asked += 1;
      return jsonResponse(200, asked === 1 ? { ...UNTRANSLATED, translationNote: 'pending' } : TRANSLATED);
    });
    renderPage('lang=es');
    const note = await screen.findByTestId('translation-note');
    await waitFor(() => expect(note.textContent).toBe('Traduciendo…'));
    expect(screen.getByText('Mop the kitchen floor')).toBeTruthy();
    // Asked again 2 s later: now translated.
    expect(await screen.findByText('Fregar el suelo de la cocina')).toBeTruthy();
    expect(screen.queryByTestId('translation-note')).toBeNull();
    expect(asked).toBe(2);
  });

  it('switches language from the page: ?lang= changes and the checklist is asked for in it', async () => {
    serve(VERIFIED, (lang) =>
      jsonResponse(
        200,
        lang === 'fr' ? { ...UNTRANSLATED, language: 'fr', translationNote: 'failed' } : TRANSLATED,
      ),
    );
    const { location } = renderPage('lang=es');
    await screen.findByText('Fregar el suelo de la cocina');
    const select = screen.getByRole('combobox', { name: 'Idioma' }) as HTMLSelectElement;
    expect([...select.options].map((option) => option.textContent)).toEqual([
      'English',
      'Español',
      'Français',
      'Deutsch',
      'Português',
      '中文',
      'Русский',
      '日本語',
      'العربية',
      'हिन्दी',
      'Tiếng Việt',
      'Filipino',
      'Polski',
      'Українська',
      'Română',
    ]);
    fireEvent.change(select, { target: { value: 'fr' } });
    expect(location.history?.at(-1)).toBe(`/shared/${TOKEN}?lang=fr`);
    await waitFor(() => expect(sharedCalls()).toContain(`/api/shared/checklist?token=${TOKEN}&lang=fr`));
    const note = await screen.findByTestId('translation-note');
    await waitFor(() =>
      expect(note.textContent).toBe(
        'La traduction n’est pas disponible pour le moment\u00a0: la liste est affichée telle qu’elle a été rédigée.',
      ),
    );
    expect(document.documentElement.lang).toBe('fr');
    expect(screen.getByText('Mop the kitchen floor')).toBeTruthy();
  });

  it('sends the remarks with the language they were written in', async () => {
    serve(VERIFIED, () => jsonResponse(200, TRANSLATED));
    renderPage('lang=es');
    const remarks = await screen.findByRole('textbox', { name: 'Notas y observaciones' });
    fireEvent.change(remarks, { target: { value: 'Falta jabón' } });
    fireEvent.blur(remarks);
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url) === `/api/checklists/${WRITTEN.id}`)).toBe(
        true,
      ),
    );
    const [, init] =
      fetchMock.mock.calls.find(([url]) => String(url) === `/api/checklists/${WRITTEN.id}`) ?? [];
    expect(init?.method).toBe('PATCH');
    expect(JSON.parse(String(init?.body))).toMatchObject({ remarks: 'Falta jabón', remarksLanguage: 'es' });
  });

  it('opens the copy kept on this device in its language when the server cannot be reached', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(sharedKeys.checklist(TOKEN, 'es'), asWritten(TRANSLATED));
    renderPage('', client);
    // The status is asked once more a second later, then the kept copy opens, in Spanish.
    expect(await screen.findByText('Fregar el suelo de la cocina')).toBeTruthy();
    await waitFor(() => expect(document.documentElement.lang).toBe('es'));
    expect(screen.getByTestId('auto-translated').textContent).toContain('Traducción automática');
  });

  it('switches language inside the code dialog, and says a shown error again in the new one', async () => {
    serve(NOT_VERIFIED);
    renderPage('lang=es');
    expect(await enterWrongCode()).toBe('Ese código no es correcto. Le quedan 3 intentos.');
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Idioma' }), { target: { value: 'fr' } });
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe(
        'Ce code n’est pas le bon. Il vous reste 3 essais.',
      ),
    );
    expect(screen.getByRole('dialog', { name: 'Saisissez votre code de vérification' })).toBeTruthy();
  });

  it("shows the owner's remarks translated above the text as written, which stays editable", async () => {
    const withRemarks: SharedChecklistResponse = {
      ...TRANSLATED,
      checklist: { ...IN_SPANISH, remarks: 'La llave está bajo la maceta' },
      original: {
        ...(TRANSLATED.original as NonNullable<SharedChecklistResponse['original']>),
        remarks: 'Key under the pot',
      },
    };
    serve(VERIFIED, () => jsonResponse(200, withRemarks));
    renderPage('lang=es');
    const translation = await screen.findByTestId('remarks-translation');
    expect(translation.textContent).toBe('Traducción automáticaLa llave está bajo la maceta');
    expect(
      (screen.getByRole('textbox', { name: 'Notas y observaciones' }) as HTMLTextAreaElement).value,
    ).toBe('Key under the pot');
  });
});
