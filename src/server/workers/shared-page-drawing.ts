import { pathToFileURL } from 'node:url';
import type { DrawnSharedPage, SharedPageDrawing, SharedPagePrerender } from '../services/heavy-work.ts';

/**
 * A verified recipient's shared page drawn on a heavy-work thread (docs/decisions/0041): React's
 * renderToString of the whole page took 40-60 ms for a checklist of 50 short tasks and 130-650 ms for
 * 500 long ones on the event loop, per request, for any verified browser that reloads. The thread
 * loads the build's prerender (src/web/prerender.tsx) once and runs it as the server does at start
 * (prerenderPages: the settings, the catalogs, the checklist's code), then draws each page asked for.
 */

interface Prerender {
  prerenderPages(config: SharedPageDrawing['publicConfig']): Promise<unknown>;
  renderSharedChecklist?: (input: Pick<SharedPageDrawing, 'path' | 'search' | 'answers'>) => DrawnSharedPage;
}

let loaded: { modulePath: string; ready: Promise<Prerender> } | null = null;

/** The build's prerender, loaded and run once per thread (by the first page, or at start: loadPrerender). */
function prerenderOf(input: SharedPagePrerender): Promise<Prerender> {
  if (loaded?.modulePath !== input.modulePath) {
    const ready = import(pathToFileURL(input.modulePath).href).then(async (prerender: Prerender) => {
      await prerender.prerenderPages(input.publicConfig);
      return prerender;
    });
    loaded = { modulePath: input.modulePath, ready };
    // A prerender that failed to load is tried again by the next page, not kept failing.
    ready.catch(() => {
      if (loaded?.ready === ready) loaded = null;
    });
  }
  return loaded.ready;
}

/** Loads the prerender on this thread now (HeavyWork.prepareSharedPages), so that its first page does not wait. */
export async function loadPrerender(input: SharedPagePrerender): Promise<void> {
  await prerenderOf(input);
}

export async function drawSharedPage(input: SharedPageDrawing): Promise<DrawnSharedPage> {
  const prerender = await prerenderOf(input);
  if (!prerender.renderSharedChecklist)
    throw new Error("The build's prerender cannot draw a shared checklist.");
  const { path, search, answers } = input;
  return prerender.renderSharedChecklist({ path, search, answers });
}
