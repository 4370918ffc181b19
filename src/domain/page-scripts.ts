/**
 * A prerendered page's scripts, started after its first paint by src/web/boot.ts (decision 0014,
 * 2026-11-26): the id of the non-executable JSON block the server lists them in, and its shape.
 * A module of its own: the bootstrap imports nothing the app's entry also imports, so it stays one
 * small file and the entry stays whole.
 */
export const PAGE_SCRIPTS_ELEMENT_ID = 'listsync-scripts';

export interface PageScripts {
  /** The app's entry module. */
  entry: string;
  /** The modules it and the page need, fetched beside it (as <link rel="modulepreload"> would be). */
  preload: string[];
}
