import { useRouteQuery } from '../../runtime/index.ts';
import { PlannedScreen } from '../parts/planned-screen.tsx';

function clock(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

export default function Recordings() {
  const { call, at } = useRouteQuery('/performance/recordings');
  return (
    <PlannedScreen
      shows={
        call
          ? [
              'The player, with the transcript following playback',
              'A speaker-coloured timeline with silence, interruption and sentiment markers',
              'Categories hit, rule results with their evidence, and the QA panel',
            ]
          : [
              'Every analysed call: time, agent, customer, queue, duration, sentiment and its trend, topic, resolved, summary and status',
              'Filters, sorting and a choice of columns',
              'Each call one click from its transcript and analysis',
            ]
      }
    >
      {call && (
        <section className="card" aria-labelledby="recording-title">
          <h2 id="recording-title">Call {call}</h2>
          <p className="muted">
            {at !== undefined ? `Opens at ${clock(at)}.` : 'Opens at the start of the call.'}
          </p>
        </section>
      )}
    </PlannedScreen>
  );
}
