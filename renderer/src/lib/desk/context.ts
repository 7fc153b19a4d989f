import { getContext, setContext } from 'svelte';
import type { RendererDesk } from './client';

const DESK = Symbol('desk');

/** Called once by App: every component below reaches the desk with `useDesk()`, not through props. */
export function provideDesk(desk: RendererDesk): void {
  setContext(DESK, desk);
}

/** The desk App provided; call it during a component's initialisation. */
export function useDesk(): RendererDesk {
  const desk = getContext<RendererDesk | undefined>(DESK);
  if (!desk) throw new Error('useDesk() outside App: no desk was provided');
  return desk;
}
