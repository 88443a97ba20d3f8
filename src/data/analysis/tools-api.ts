/**
 * What the tools worker answers: one function per tool, each taking and returning plain JSON.
 * Kept apart from the worker entry so unit tests call exactly what the pages get.
 */
import { automatedEvaluation, type AutomatedEvaluation } from './automated-qm.ts';
import type { IngestRecord } from '../source.ts';
import {
  checkIngestRecord,
  readIngestMetadata,
  type IngestCheck,
  type IngestMetadataFile,
} from './ingest-check.ts';
import { analyseThreads, type ThreadsResult } from './threads.ts';
import { analyseInput, toolDefaults, type ToolInput, type ToolResult } from './tool-analysis.ts';

export type AqmResult =
  | (Extract<ToolResult, { ok: true }> & { evaluation: AutomatedEvaluation })
  | Extract<ToolResult, { ok: false }>;

export const toolsApi = {
  analyse(input: ToolInput): ToolResult {
    return analyseInput(input);
  },
  /** Each file on its own: a bad one becomes its message and the others are still analysed. */
  analyseMany(inputs: ToolInput[]): ToolResult[] {
    return inputs.map(analyseInput);
  },
  automatedQm(input: ToolInput): AqmResult {
    const result = analyseInput(input);
    if (!result.ok) return result;
    const c = result.conversation;
    return {
      ...result,
      evaluation: automatedEvaluation(
        toolDefaults().form,
        c,
        c.analysis.churnRisk.reasons.some((r) => r.signal === 'cancellation-intent'),
      ),
    };
  },
  analyseThreads(input: { name: string; text: string }): ThreadsResult {
    return analyseThreads(input.name, input.text);
  },
  /** The upload page's check of calls before they are sent, one answer per record. */
  checkCalls(records: IngestRecord[]): IngestCheck[] {
    return records.map(checkIngestRecord);
  },
  /** A metadata file (CSV or JSON) of the upload page, as rows by call id. */
  readCallMetadata(file: { name: string; text: string }): IngestMetadataFile {
    return readIngestMetadata(file);
  },
};

export type ToolsApi = typeof toolsApi;
export type ToolMethod = keyof ToolsApi;
