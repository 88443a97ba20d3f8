/** Evaluation's public face: the default quality form and the AI's answers to it. */
export { aiAnswers, defaultEvaluationForm, type AiAnswerFacts } from './evaluation-form.ts';
