/**
 * Same-origin return paths: where to go after signing in. Only a path on this site is
 * accepted ("/performance/agents?compliant=false"); anything that could leave the origin
 * ("//evil.example", "https://...", "/\\evil", "javascript:") falls back.
 *
 * Kept free of imports so both src/auth and the runtime can use it.
 */
export function safeReturnPath(candidate: unknown, fallback = '/'): string {
  if (typeof candidate !== 'string' || candidate === '' || candidate.length > 2048) return fallback;
  // Must be an absolute path, and not protocol-relative ("//host") or backslash tricks
  // ("/\\host"), which browsers treat as another origin.
  if (!candidate.startsWith('/') || candidate.startsWith('//') || candidate.startsWith('/\\')) {
    return fallback;
  }
  // Control characters (tabs and newlines are stripped by URL parsers) could hide a "//".
  if (/[\u0000-\u001f\u007f]/.test(candidate)) return fallback;
  let url: URL;
  try {
    url = new URL(candidate, 'https://origin.invalid');
  } catch {
    return fallback;
  }
  if (url.origin !== 'https://origin.invalid') return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
