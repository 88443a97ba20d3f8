/**
 * Analysis' public face: one call's transcript turned into its analysis (every number from the
 * metrics module, every finding from the rules), and the settings it starts with. Demo calls
 * and ingested calls are analysed by this same code.
 */
export {
  analyseTranscript,
  subjectMeasures,
  type AnalyseInput,
  type TranscriptAnalysis,
} from './analyse.ts';
export { defaultSettings } from './settings.ts';
