/** The first start's progress in the terminal: one line redrawn in place (plain lines when piped). */
import type { StartProgress } from './service.ts';

const LABELS: Record<StartProgress['stage'], string> = {
  generate: 'Generating the demo calls',
  store: 'Loading them into the database',
  load: 'Reading the database',
  transcripts: 'Storing transcript words',
  voice: 'Storing what customers said',
  replay: 'Replaying saved changes',
};

export function terminalProgress(stream: NodeJS.WriteStream = process.stderr) {
  let last = '';
  return (p: StartProgress) => {
    const width = 30;
    const filled = Math.round(p.done * width);
    const percent = `${Math.round(p.done * 100)}`.padStart(3);
    const line = `${LABELS[p.stage].padEnd(32)} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${percent}%`;
    if (line === last) return;
    last = line;
    if (stream.isTTY) stream.write(`\r${line}${p.done >= 1 ? '\n' : ''}`);
    else if (p.done >= 1 || p.done === 0) stream.write(`${line}\n`);
  };
}
