/** Ingest's public face: a call as a deployment sends it, checked, read and redacted. */
export {
  normaliseCall,
  CALL_FIELDS,
  type CallField,
  type IngestInput,
  type IngestOptions,
  type IngestedCall,
  type IngestError,
  type IngestResult,
} from './record.ts';
export { readMetadataCsv, type MetadataRows } from './metadata-csv.ts';
