import { afterEach, describe, expect, it } from 'vitest';
import type { User } from '#domain/user';
import { cleanup, fireEvent, render, screen } from '#tests/support/preact-testing-library';
import { UserAvatar } from './user-avatar.tsx';

const ada: User = {
  uid: 'u1',
  email: 'ada@example.com',
  displayName: 'Ada Lovelace',
  language: 'en',
  avatarUrl: '/api/user/avatar?v=0123456789ab',
};

describe('UserAvatar', () => {
  afterEach(cleanup);

  it("shows the provider's picture from our own route", () => {
    render(<UserAvatar user={ada} />);
    const avatar = screen.getByTestId('user-avatar');
    expect(avatar.querySelector('img')?.getAttribute('src')).toBe(ada.avatarUrl);
    expect(avatar.getAttribute('aria-hidden')).toBe('true');
  });

  it('falls back to the initials when there is no picture, or it does not load', () => {
    const { unmount } = render(<UserAvatar user={{ ...ada, avatarUrl: null }} />);
    expect(screen.getByTestId('user-avatar').textContent).toBe('AL');
    unmount();
    render(<UserAvatar user={ada} />);
    const img = screen.getByTestId('user-avatar').querySelector('img');
    if (!img) throw new Error('no picture');
    fireEvent.error(img);
    expect(screen.getByTestId('user-avatar').querySelector('img')).toBeNull();
    expect(screen.getByTestId('user-avatar').textContent).toBe('AL');
  });
});
