/**
 * The public tools' analysis of a visitor's own transcript: read the text or file, run the one
 * conversation analysis with the product's default rules, evaluation form and smart settings
 * (never an organisation's), and return plain JSON for the page. Runs in the tools worker.
 */
import type {
  CallAnalysis,
  EvaluationAnswer,
  EvaluationForm,
  RuleResult,
  TranscriptSegment,
} from '../../generated/data.types.ts';
import type { QaScore } from '../../metrics/index.ts';
import { defaultEvaluationForm } from '../../domain/evaluation/index.ts';
import { defaultSettings } from '../../domain/analysis/index.ts';
import { defaultRules } from '../../domain/rules/index.ts';
import { analyseConversation } from './conversation.ts';
import { readTranscript } from './formats/detect.ts';
import {
  FORMAT_NAMES,
  TranscriptFormatError,
  toConversation,
  type Conversation,
  type TranscriptFormat,
} from './formats/parsed.ts';

export interface ToolConversation {
  segments: TranscriptSegment[];
  durationMs: number;
  analysis: Omit<CallAnalysis, 'repeat' | 'qaScore' | 'cost'>;
  ruleResults: RuleResult[];
  aiAnswers: EvaluationAnswer[];
  qa: QaScore;
  /** True when resolution was estimated from the customer's closing sentiment. */
  resolvedEstimated: boolean;
  estimatedTimes: boolean;
  notices: string[];
}

export type ToolResult =
  | {
      ok: true;
      name: string;
      format: TranscriptFormat;
      formatName: string;
      conversation: ToolConversation;
    }
  | { ok: false; name: string; message: string };

export type CallDirection = 'inbound' | 'outbound';

export interface ToolInput {
  name: string;
  text: string;
  /** Which rules apply: inbound service calls must verify identity, outbound calls introduce. Default inbound. */
  direction?: CallDirection;
}

/** The product's defaults, built once per worker: no organisation's rules or settings. */
let defaults: ReturnType<typeof buildDefaults> | undefined;
function buildDefaults() {
  return {
    rules: defaultRules(),
    form: defaultEvaluationForm(),
    settings: defaultSettings().smart,
  };
}
export function toolDefaults() {
  defaults ??= buildDefaults();
  return defaults;
}

/** Reads and analyses one transcript; a file it cannot read becomes a message, never a throw. */
export function analyseInput(input: ToolInput): ToolResult {
  try {
    const parsed = readTranscript(input.name, input.text);
    return {
      ok: true,
      name: input.name,
      format: parsed.format,
      formatName: FORMAT_NAMES[parsed.format],
      conversation: analyseToolConversation(toConversation(parsed), input.name, {
        direction: input.direction ?? 'inbound',
      }),
    };
  } catch (e) {
    if (e instanceof TranscriptFormatError)
      return { ok: false, name: input.name, message: e.message };
    return {
      ok: false,
      name: input.name,
      message: `It could not be analysed (${e instanceof Error ? e.message : String(e)}).`,
    };
  }
}

export function analyseToolConversation(
  conversation: Conversation,
  name: string,
  options: {
    direction?: CallDirection;
    rules?: ReturnType<typeof toolDefaults>['rules'];
    form?: EvaluationForm;
    /** A chat or e-mail thread: the voice-only measures do not apply. */
    written?: boolean;
  } = {},
): ToolConversation {
  const { rules, form, settings } = toolDefaults();
  const { segments, durationMs, ivrMs } = conversation;
  const resolved = estimateResolved(segments);
  const result = analyseConversation({
    subject: {
      callId: name,
      segments,
      durationMs,
      ivrMs,
      // A visitor's call is taken as a general service call; rules scoped to a vendor,
      // agent or brand of an organisation do not apply to it.
      attributes: {
        direction: options.direction ?? 'inbound',
        queue: 'General',
        brand: '',
        product: '',
        language: 'en',
        disposition: '',
        vendorId: '',
        agentId: '',
      },
    },
    context: { resolved, written: options.written ?? false },
    rules: options.rules ?? rules,
    form: options.form ?? form,
    settings,
  });
  return {
    segments,
    durationMs,
    analysis: result.analysis,
    ruleResults: result.ruleResults,
    aiAnswers: result.aiAnswers,
    qa: result.qa,
    resolvedEstimated: true,
    estimatedTimes: conversation.estimatedTimes,
    notices: conversation.notices,
  };
}

/**
 * Without a disposition, a conversation counts as resolved when the customer's last turns are
 * not negative (the same -1 line as the sentiment bands).
 */
export function estimateResolved(segments: readonly TranscriptSegment[]): boolean {
  const last = segments.filter((s) => s.speaker === 'CUSTOMER').slice(-2);
  if (last.length === 0) return false;
  const mean = last.reduce((sum, s) => sum + s.sentimentScore, 0) / last.length;
  return mean > -1;
}
