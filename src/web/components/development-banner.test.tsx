import { beforeEach, describe, expect, it } from 'vitest';
import { MAILING_LIST_CONFIRM_HINT, MAILING_LIST_SUCCESS } from '#domain/mailing-list';
import { DEV_BANNER_COOKIE } from '#domain/site';
import { fireEvent, render, screen, waitFor } from '#tests/support/preact-testing-library';
import { jsonResponse, mockFetchEachTest } from '#tests/support/web-components';
import { DevelopmentBanner } from './development-banner.tsx';

/**
 * On a phone the banner is one line (its title, 'Sign up' and 'Dismiss') until the form is asked
 * for (issue 18: it took a third of the first screen). jsdom has no layout: the phone-only hiding is
 * the `hidden sm:block` pair, checked here by class; tests/e2e/mailing-list.spec.ts measures it at 375 px.
 */
describe('the development banner', () => {
  const fetchMock = mockFetchEachTest();
  beforeEach(() => {
    // Each test starts with the banner not dismissed (jsdom keeps cookies across the file).
    // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API; one fixed value
    document.cookie = `${DEV_BANNER_COOKIE}=; Max-Age=0; Path=/`;
  });

  function phoneHidden(element: HTMLElement | null): boolean {
    return Boolean(element?.classList.contains('hidden') && element.classList.contains('sm:block'));
  }

  it('starts as one line on phones, and Sign up opens the form with the field focused', async () => {
    render(<DevelopmentBanner />);
    const banner = screen.getByTestId('development-banner');
    expect(screen.getByRole('heading', { name: 'Development in Progress' })).toBeTruthy();
    const open = screen.getByRole('button', { name: 'Sign up' });
    expect(open.getAttribute('aria-expanded')).toBe('false');
    const body = document.getElementById(open.getAttribute('aria-controls') ?? '');
    expect(phoneHidden(body)).toBe(true);
    expect(phoneHidden(screen.getByText(/still building this product/))).toBe(true);
    // Wider screens never see the button.
    expect(open.classList.contains('sm:hidden')).toBe(true);

    fireEvent.click(open);
    expect(screen.queryByRole('button', { name: 'Sign up' })).toBeNull();
    expect(phoneHidden(body)).toBe(false);
    expect(phoneHidden(screen.getByText(/still building this product/))).toBe(false);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Email address')));

    fetchMock.mockResolvedValueOnce(jsonResponse(200, { ok: true }));
    fireEvent.change(screen.getByLabelText('Email address'), { target: { value: 'sam@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Notify Me' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      `${MAILING_LIST_SUCCESS}${MAILING_LIST_CONFIRM_HINT}`,
    );
    expect(banner.isConnected).toBe(true);
  });

  it('can be dismissed from its one line, and stays dismissed', () => {
    const { unmount } = render(<DevelopmentBanner />);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('development-banner')).toBeNull();
    unmount();
    render(<DevelopmentBanner />);
    expect(screen.queryByTestId('development-banner')).toBeNull();
  });
});
