/**
 * `scripts/manifest/manifest-shape.ts` restates the parts of the manifest schema the pipeline
 * reads (the pipeline generates the schema's types, so it cannot import them). These
 * assertions tie the two: `tsc` (run by `npm test`) fails when the schema and the hand copy
 * drift apart, e.g. a new `auth` value, a renamed field, or a field the shape invents.
 */
import { describe, expectTypeOf, it } from 'vitest';
import type {
  ColorShape,
  CoverShape,
  ManifestShape,
  NavItemShape,
  QueryParamShape,
  RouteShape,
  RouteTargetShape,
  UserMenuItemShape,
} from '../../../scripts/manifest/manifest-shape.ts';
import type {
  Manifest,
  NavItem,
  QueryParam,
  Route,
  RouteTarget,
  Theme,
  UserMenuItem,
} from '../../../src/generated/manifest.types.ts';

/** Every key the shape names exists in the schema's type (the shape may read fewer). */
type KeysIn<Shape, Schema> = Exclude<keyof Shape, keyof Schema>;

describe('manifest shape (the pipeline’s hand copy) agrees with the schema', () => {
  it('every manifest the schema accepts has the shape the pipeline reads', () => {
    expectTypeOf<Manifest>().toExtend<ManifestShape>();
    expectTypeOf<Route>().toExtend<RouteShape>();
    expectTypeOf<QueryParam>().toExtend<QueryParamShape>();
    expectTypeOf<NavItem>().toExtend<NavItemShape>();
    expectTypeOf<RouteTarget>().toExtend<RouteTargetShape>();
    expectTypeOf<UserMenuItem>().toExtend<UserMenuItemShape>();
    expectTypeOf<Theme['colors'][number]>().toExtend<ColorShape>();
    expectTypeOf<Theme['covers'][number]>().toExtend<CoverShape>();
  });

  it('the shape names no field the schema lacks', () => {
    expectTypeOf<KeysIn<ManifestShape, Manifest>>().toEqualTypeOf<never>();
    expectTypeOf<KeysIn<RouteShape, Route>>().toEqualTypeOf<never>();
    expectTypeOf<KeysIn<QueryParamShape, QueryParam>>().toEqualTypeOf<never>();
    expectTypeOf<KeysIn<NavItemShape, NavItem>>().toEqualTypeOf<never>();
    expectTypeOf<KeysIn<ManifestShape['theme'], Theme>>().toEqualTypeOf<never>();
    expectTypeOf<KeysIn<ManifestShape['auth'], Manifest['auth']>>().toEqualTypeOf<never>();
  });
});
