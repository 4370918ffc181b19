import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { cleanup, render, screen } from '#tests/support/preact-testing-library';
import { StorageMeter } from './storage-meter.tsx';

/** The storage meter of the Team page and the plan card: the figure, the bar, and its 80% and full states. */

const GIB = 1024 ** 3;
afterEach(cleanup);

function meter(usedBytes: number, limitBytes: number | null, canUpgrade = true) {
  const { hook } = memoryLocation({ path: '/settings/team' });
  render(
    <Router hook={hook}>
      <dl>
        <StorageMeter storage={{ usedBytes, limitBytes }} canUpgrade={canUpgrade} />
      </dl>
    </Router>,
  );
  return screen.getByTestId('storage-meter');
}

describe('the storage meter', () => {
  it('under 80%: the figure and an indigo bar, no notice', () => {
    const shown = meter(300 * 1024 ** 2, GIB);
    expect(shown.dataset.level).toBe('ok');
    expect(screen.getByTestId('storage-meter-value').textContent).toBe('300 MB of 1 GB');
    const bar = screen.getByRole('progressbar', { name: 'Storage' });
    expect(bar.getAttribute('aria-valuenow')).toBe('29');
    expect(bar.getAttribute('aria-valuetext')).toBe('300 MB of 1 GB (29%)');
    expect(screen.queryByTestId('storage-meter-notice')).toBeNull();
  });

  it('at 80%: amber, says what happens when it is full, links to the plans', () => {
    const shown = meter(Math.ceil(GIB * 0.8), GIB);
    expect(shown.dataset.level).toBe('warning');
    expect(shown.querySelector('rect')?.getAttribute('class')).toContain('fill-amber-500');
    const notice = screen.getByTestId('storage-meter-notice');
    expect(notice.textContent).toBe(
      "80% of your storage is used. When it is full, new photos are refused, yours and your recipients'. Upgrade for more storage",
    );
    expect(screen.getByRole('link', { name: 'Upgrade for more storage' }).getAttribute('href')).toBe(
      '/pricing',
    );
  });

  it('full: red, says uploads are refused; without the right to change the plan, no link', () => {
    const shown = meter(GIB, GIB, false);
    expect(shown.dataset.level).toBe('full');
    expect(shown.querySelector('rect')?.getAttribute('class')).toContain('fill-red-600');
    expect(screen.getByTestId('storage-meter-notice').textContent).toBe(
      "Your storage is full. New photos are refused, yours and your recipients', until you delete photos or upgrade.",
    );
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
  });

  it('unlimited: the figure alone, no bar', () => {
    meter(5 * GIB, null);
    expect(screen.getByTestId('storage-meter-value').textContent).toBe('5 GB of Unlimited');
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.queryByTestId('storage-meter-notice')).toBeNull();
  });
});
