/**
 * The screen kit: the shared parts nearly every data screen uses (the data client and its React
 * hooks, number formats, the filter bar and filters in the address, KPI cards with their metric
 * definitions, info tips, panels, the charts). Left to automatic splitting they land in about
 * fifteen chunks of 0.2-4 KB, each compressed on its own and each one more request; shipped as
 * one chunk they compress together: the dashboard's first load is 3.8 KB gzip smaller (issue 14),
 * at the price of a screen that uses few of them (a public tool) loading the whole kit.
 *
 * Only these modules, never their dependencies: React, the router and the generated manifest
 * stay in the entry chunk where the shell already loads them. Not the runtime's typed links
 * either: the sign-in, content and error pages use them and nothing of the kit, and with them
 * in it the sign-in page's first load carried the whole kit (14 KB).
 */
const KIT = [
  /src[\\/]data[\\/](source|call-options|default-source|read-cache|columns|corpus[\\/]corpus)\.ts$/,
  // The one error every read rejects with, and the contract table the API client reads.
  /src[\\/]data[\\/](source-error|http[\\/]contract)\.ts$/,
  /src[\\/]data[\\/]worker[\\/](protocol|client)\.ts$/,
  /src[\\/]data[\\/]react[\\/]/,
  /src[\\/]ui[\\/](format|screen-parts|filter-bar|use-url-filters|url-filters|info-tip|kpi-card|period|filtered-period|links|repeat-pending-note)\.tsx?$/,
  /src[\\/]ui[\\/]charts[\\/]/,
  // The KPI definitions and the metric modules whose definition texts they quote.
  /src[\\/]metrics[\\/](definitions|ratio|aht|talk|silence|interruptions|sentiment|repeat|compliance|qa|escalation|churn|fake-call|cost)\.ts$/,
];

export const screenKitGroup = {
  name: 'screen-kit',
  test: (id: string) => !/worker\.ts$/.test(id) && KIT.some((pattern) => pattern.test(id)),
  includeDependenciesRecursively: false,
};

/**
 * The runtime's face for screens (src/runtime/index.ts and what it re-exports: typed links, the
 * route's query, the address check, the route's purpose, deployment settings). The shell and
 * every screen, the sign-in page's included, load all of it; left to automatic splitting it
 * came as two chunks whose importers differ only in which screen uses which half. With them
 * the icon sets, which the shell draws on every page: once the header menus' entries became a
 * chunk of their own (shell/header-menu-entries.tsx) that draws icons too, the icons were split
 * off the shell's chunk into a third chunk of every first load (0.05 KB gzip more on `/`).
 */
const RUNTIME_FACE =
  /src[\\/]runtime[\\/](index|links|link|ignored-params|route-purpose|address-check|declared-query|deployment|icons|shell-icons)\.tsx?$/;

export const runtimeFaceGroup = {
  name: 'runtime-face',
  test: (id: string) => RUNTIME_FACE.test(id),
  includeDependenciesRecursively: false,
};
