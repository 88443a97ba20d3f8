/**
 * The app chrome (shell-layout.tsx) is its own chunk: the sign-in page never downloads it, and
 * every other first visit fetches it together with its screen. One request, shared.
 */
import type { ComponentType } from 'react';

let shellLoading: Promise<{ default: ComponentType }> | undefined;

export function preloadShellLayout(): Promise<{ default: ComponentType }> {
  shellLoading ??= import('./shell-layout.tsx');
  return shellLoading;
}
