/**
 * The frame of a public analytics screen over organisation data: signed out, what the page is
 * for (the route's manifest purpose) and a Sign in that comes back to this address; signed in, the filters of the address, the
 * notice of ignored parameters and the body once the data's range and filter lists are in.
 */
import type { ReactNode } from 'react';
import type { IgnoredParam } from '../../../runtime/index.ts';
import { FilteredScreen, type CorpusContext } from '../../../ui/screen-parts.tsx';
import { SignInGate } from '../../../ui/sign-in-gate.tsx';
import type { FilterParam } from '../../../ui/url-filters.ts';
import { useUrlFilters, type UrlFilters } from '../../../ui/use-url-filters.ts';

export interface GatedScreenProps {
  /** The filter parameters the screen reads from the address. */
  params: readonly FilterParam[];
  /** Other parameters of the address that were ignored. */
  problems?: (url: UrlFilters) => readonly IgnoredParam[];
  children: (context: CorpusContext, url: UrlFilters) => ReactNode;
}

export function GatedScreen(props: GatedScreenProps) {
  return (
    <SignInGate>
      <Filtered {...props} />
    </SignInGate>
  );
}

function Filtered(props: GatedScreenProps) {
  const url = useUrlFilters(props.params);
  const problems = [...url.problems, ...(props.problems?.(url) ?? [])];
  return <FilteredScreen problems={problems}>{(ctx) => props.children(ctx, url)}</FilteredScreen>;
}
