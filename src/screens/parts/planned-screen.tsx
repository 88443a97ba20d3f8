/**
 * The honest placeholder of a screen whose content a later release builds: what the page will
 * show, so testers and stakeholders see the intent and nothing pretends to be real data. The
 * shell draws the page's heading and breadcrumbs; this is only the body.
 */
import type { ReactNode } from 'react';

export function PlannedScreen({
  shows,
  children,
}: {
  shows: readonly string[];
  children?: ReactNode;
}) {
  return (
    <div className="stack">
      {children}
      <section className="card planned" aria-labelledby="planned-title">
        <div className="planned-head">
          <h2 id="planned-title">What this page will show</h2>
          <span className="badge">In development</span>
        </div>
        <ul className="planned-list">
          {shows.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </section>
    </div>
  );
}
