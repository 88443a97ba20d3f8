/**
 * oidc-provider prints "Unsupported runtime. Use Node.js v22.x LTS" when it is imported on
 * Node 20. The embedded provider only serves local development and tests, where it works on
 * Node 20 (its tests run there), so a newcomer's first `npm start` should not open with an
 * alarming warning. Imported before oidc-provider; lets every other warning through and
 * removes itself after the one it expects.
 */
const warn = console.warn;
console.warn = (...args: unknown[]) => {
  if (
    typeof args[0] === 'string' &&
    args[0].includes('oidc-provider WARNING: Unsupported runtime')
  ) {
    console.warn = warn;
    return;
  }
  warn(...args);
};
// Node 22 and later print nothing: do not leave the filter in place.
if (Number(process.versions.node.split('.')[0]) >= 22) console.warn = warn;
