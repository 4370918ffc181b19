import { useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { HydrateLater, setHydrating, whenHydrated } from './hydration-pieces.tsx';

/**
 * Hydration in pieces (decision 0070): the prerendered HTML stays as it is, node for node, while each
 * piece is hydrated in a task of its own after the frame; a piece inside a piece after the outer one.
 */

const rendered: string[] = [];

function Counter({ id }: { id: string }) {
  const [count, setCount] = useState(0);
  rendered.push(id);
  return (
    <button type="button" id={id} onClick={() => setCount(count + 1)}>
      {id} {count}
    </button>
  );
}

function Page() {
  rendered.push('frame');
  return (
    <div>
      <Counter id="top" />
      <HydrateLater>
        <section id="outer">
          <Counter id="middle" />
          <HydrateLater>
            <p id="inner">
              <Counter id="deep" />
            </p>
          </HydrateLater>
        </section>
      </HydrateLater>
    </div>
  );
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

let container: HTMLElement | null = null;

afterEach(() => {
  container?.remove();
  container = null;
  rendered.length = 0;
});

describe('HydrateLater', () => {
  it('keeps the prerendered nodes and hydrates each piece, nested ones too, in a later task', async () => {
    const html = renderToString(<Page />);
    expect(rendered).toEqual(['frame', 'top', 'middle', 'deep']);
    rendered.length = 0;
    container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const nodes = ['top', 'outer', 'middle', 'inner', 'deep'].map((id) => document.getElementById(id));

    let hydrated = false;
    setHydrating(true);
    try {
      hydrateRoot(container, <Page />);
    } finally {
      setHydrating(false);
    }
    whenHydrated(() => {
      hydrated = true;
    });
    expect(rendered).toEqual(['frame', 'top']);
    expect(container.innerHTML).toBe(html);

    await nextTask();
    expect(rendered).toEqual(['frame', 'top', 'middle']);
    expect(container.innerHTML).toBe(html);

    expect(hydrated).toBe(false);
    await nextTask();
    expect(rendered).toEqual(['frame', 'top', 'middle', 'deep']);
    expect(container.innerHTML).toBe(html);
    // Said once no piece is left (the browser tests wait for it before pressing: main.tsx).
    expect(hydrated).toBe(false);
    await nextTask();
    expect(hydrated).toBe(true);
    expect(['top', 'outer', 'middle', 'inner', 'deep'].map((id) => document.getElementById(id))).toEqual(
      nodes,
    );

    // Every piece answers: its handlers are attached to the nodes the server drew.
    for (const id of ['top', 'middle', 'deep']) document.getElementById(id)?.click();
    await nextTask();
    expect(document.getElementById('deep')?.textContent).toBe('deep 1');
    expect(document.getElementById('middle')?.textContent).toBe('middle 1');
    expect(document.getElementById('top')?.textContent).toBe('top 1');
  });

  it('outside hydration, renders a new piece at once (no empty moment)', async () => {
    container = document.createElement('div');
    document.body.append(container);
    // A page drawn in the browser after the hydration of another (a piece's resumed render is over).
    const { createRoot } = await import('react-dom/client');
    createRoot(container).render(<Page />);
    await nextTask();
    expect(rendered).toEqual(['frame', 'top', 'middle', 'deep']);
    expect(document.getElementById('deep')).not.toBeNull();
    const hydrated = new Promise<void>((resolve) => whenHydrated(resolve));
    await expect(hydrated).resolves.toBeUndefined();
  });
});
