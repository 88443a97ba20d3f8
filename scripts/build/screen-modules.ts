/**
 * How a screen shows up in Vite's build manifest (`.vite/manifest.json`). The route table loads
 * each screen through its generated module (`<generated>/screens/<screen>.gen.ts`, which adds
 * the routes' descriptions), so that module is the screen chunk's entry; the screen file itself
 * only has a key of its own if something else imports it too.
 */
const GENERATED_SCREEN = /(?:^|\/)screens\/(.+)\.gen\.ts$/;

/** The manifest screen ("dashboard/overview") whose chunk this manifest key is the entry of. */
export function screenOfChunkKey(key: string): string | undefined {
  return GENERATED_SCREEN.exec(key)?.[1];
}

/** Whether a manifest key (or a chunk's `src`) is this screen's module or its generated module. */
export function isModuleOfScreen(key: string, screen: string): boolean {
  return key.endsWith(`screens/${screen}.gen.ts`) || key.endsWith(`screens/${screen}.tsx`);
}
