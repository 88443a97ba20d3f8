import { createContext, useContext, type ReactNode } from 'react';
import { getDataSource } from '../default-source.ts';
import type { CallDataSource } from '../source.ts';

const DataSourceContext = createContext<CallDataSource | null>(null);

/** Overrides the data source below it (tests, a future HTTP source); the default is the worker. */
export function DataSourceProvider(props: { source: CallDataSource; children: ReactNode }) {
  return (
    <DataSourceContext.Provider value={props.source}>{props.children}</DataSourceContext.Provider>
  );
}

/** The source in effect: the provided one, else the shared worker source (created on first use). */
export function useDataSource(): CallDataSource {
  return useContext(DataSourceContext) ?? getDataSource();
}
