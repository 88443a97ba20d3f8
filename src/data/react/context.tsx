import { createContext, useContext, type ReactNode } from 'react';
import { getDataSource } from '../default-source.ts';
import { withReadCache } from '../read-cache.ts';
import type { CallDataSource } from '../source.ts';

const DataSourceContext = createContext<CallDataSource | null>(null);

/**
 * Overrides the data source below it (tests); the default is the worker or the API. Either is
 * read through its read cache (read-cache.ts).
 */
export function DataSourceProvider(props: { source: CallDataSource; children: ReactNode }) {
  return (
    <DataSourceContext.Provider value={withReadCache(props.source)}>
      {props.children}
    </DataSourceContext.Provider>
  );
}

/** The source in effect: the provided one, else the shared worker source (created on first use). */
export function useDataSource(): CallDataSource {
  return useContext(DataSourceContext) ?? getDataSource();
}
