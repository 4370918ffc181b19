import type { ReactNode } from 'react';
import {
  LANDING_SWAP_ATTRIBUTE,
  LANDING_TEMPLATE_ATTRIBUTE,
  type LandingSwap,
  type LandingTemplate,
} from '#domain/landing-page';

/**
 * The landing page as the server sends it carries no React (decision 0067): its own small script
 * (src/web/landing-page.ts) shows what changes, from `<template>`s the prerender draws here with the
 * app's own components, so the words and markup have one source. In the browser's app (a visitor
 * sent to / by a signed-out page) nothing of this is drawn: React draws each state itself.
 */

let forScript = false;

/** Prerendering only: whether the page being drawn is the landing page served with its own script. */
export function setLandingDrawnForScript(value: boolean): void {
  forScript = value;
}

export function landingDrawnForScript(): boolean {
  return forScript;
}

/** What the element just before it becomes (signed in, the banner opened), for the page's script. */
export function SwapTemplate({ swap, children }: { swap: LandingSwap; children?: ReactNode }) {
  if (!landingDrawnForScript()) return null;
  return <template {...{ [LANDING_SWAP_ATTRIBUTE]: swap }}>{children}</template>;
}

/** A piece the page's script shows on its own (the toast, the mailing list's answers). */
export function ScriptTemplate({ name, children }: { name: LandingTemplate; children: ReactNode }) {
  if (!landingDrawnForScript()) return null;
  return <template {...{ [LANDING_TEMPLATE_ATTRIBUTE]: name }}>{children}</template>;
}
