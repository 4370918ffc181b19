import { describe, expect, it } from 'vitest';
import { drawnWithin } from './web-app.ts';

describe('drawnWithin', () => {
  it('answers the drawing when it comes in time', async () => {
    await expect(drawnWithin(200, Promise.resolve('page'))).resolves.toBe('page');
  });

  it('gives up on a drawing that is late, so the page goes with its skeleton', async () => {
    const slow = new Promise((resolve) => setTimeout(() => resolve('page'), 300));
    await expect(drawnWithin(20, slow)).rejects.toThrow('longer than 20 ms');
  });

  it('passes a failed drawing on', async () => {
    await expect(drawnWithin(200, Promise.reject(new Error('no prerender')))).rejects.toThrow('no prerender');
  });
});
