/**
 * The parts of a manifest the pipeline itself reads. The pipeline cannot import the generated
 * `src/generated/manifest.types.ts` (it produces that file), so these mirror the schema for
 * the fields used here; the schema check runs first, so the shapes hold when these are used.
 * tests/unit/manifest/manifest-shape.test.ts ties them to the schema's generated types: `tsc`
 * fails when the two drift apart.
 */
export type QueryParamType = 'string' | 'integer' | 'boolean' | 'enum';

export interface QueryParamShape {
  type: QueryParamType;
  values?: string[];
  description: string;
}

export interface RouteShape {
  id: string;
  path: string;
  title: string;
  auth: 'required' | 'public';
  /** A bespoke screen module; a route has either this or `content`. */
  screen?: string;
  /** A content page (Markdown), relative to the manifest file that sets it. */
  content?: string;
  parent?: string;
  icon?: string;
  description?: string;
  /** What a signed-out visitor is told the page shows once signed in. */
  purpose?: string;
  contextual?: boolean;
  query?: Record<string, QueryParamShape>;
}

export interface RouteTargetShape {
  route: string;
  query?: Record<string, string | number | boolean>;
}

export interface NavItemShape {
  id: string;
  label: string;
  icon?: string;
  target: RouteTargetShape;
}

export interface UserMenuItemShape {
  id: string;
  label: string;
  icon?: string;
  target: RouteTargetShape | { action: 'logout' };
}

export interface ColorShape {
  id: string;
  name: string;
  dark: string;
  light: string;
}

export interface CoverShape {
  id: string;
  name: string;
  image: string;
}

export interface ModeSurfaceShape {
  background: string;
  surface: string;
  text: string;
}

export interface LayoutShape {
  sidebarCollapsed: boolean;
  headerHidden: boolean;
  footer: boolean;
  boxed: boolean;
  topNav: boolean;
  transitionMs: number;
  topNavBreakpointPx: number;
}

export interface ManifestShape {
  $schema?: string;
  id: string;
  brand: { name: string; companyNotice: string; logo: string };
  routes: RouteShape[];
  sidebar: {
    sections: { id: string; title: string; items: NavItemShape[] }[];
    callToAction?: NavItemShape;
  };
  header: {
    search: { route: string; param: string; placeholder: string };
    tools: NavItemShape[];
    quickSearch: { id: string; label: string; description?: string; target: RouteTargetShape }[];
    userMenu: UserMenuItemShape[];
  };
  footer: { columns: { id: string; title: string; links: NavItemShape[] }[] };
  contact?: { endpoint?: string; email?: string };
  theme: {
    defaultMode: 'dark' | 'light';
    defaultColor: string;
    defaultCover: string;
    modes: { dark: ModeSurfaceShape; light: ModeSurfaceShape };
    colors: ColorShape[];
    covers: CoverShape[];
  };
  layout: LayoutShape;
  auth: {
    protocol: 'entra' | 'oidc';
    clientId: string;
    authority: string;
    loginRoute: string;
    postLogoutRoute: string;
  };
}
