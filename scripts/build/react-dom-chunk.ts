/**
 * React DOM in one chunk with its entry, src/runtime/react-dom-client.ts, which main.tsx imports
 * in a task of its own (issue 18). Left to automatic splitting, the part of React DOM the screen
 * kit shares (its portals) was a 1.4 KB chunk of its own and the entry a 0.1 KB one: 0.4 KB more
 * on every first load, and two more requests. Never React DOM's dependencies: React stays in
 * main, which must not import this chunk (it would then evaluate with main).
 */
export const reactDomGroup = {
  name: 'react-dom-client',
  test: (id: string) =>
    /node_modules[\\/](react-dom|scheduler)[\\/]/.test(id) ||
    /src[\\/]runtime[\\/]react-dom-client\.ts$/.test(id),
  includeDependenciesRecursively: false,
};
