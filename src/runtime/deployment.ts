/**
 * What a screen may know of the deployment it runs in, without reading the manifest: where the
 * contact form delivers, and the browser storage scoped to this deployment (so two white-label
 * deployments on one origin never read each other's values).
 */
import { createScopedStorage, type ScopedStorage } from '../browser-storage/index.ts';
import { manifest } from '../generated/manifest.gen.ts';

export type { ScopedStorage, StoredValueSpec } from '../browser-storage/index.ts';

export interface ContactSettings {
  /** Same-origin path or https URL the contact form POSTs its JSON message to. */
  readonly endpoint?: string;
  /** Address to write to when there is no endpoint, or when sending failed. */
  readonly email?: string;
}

export const contactSettings: ContactSettings = manifest.contact ?? {};

let storage: ScopedStorage | undefined;
/** localStorage, scoped to this deployment and versioned per value. */
export function deploymentStorage(): ScopedStorage {
  storage ??= createScopedStorage(manifest.id);
  return storage;
}
