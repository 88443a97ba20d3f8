/** The first lines of every tool: what it does, and that the visitor's material stays in the browser. */
import type { ReactNode } from 'react';

export function ToolIntro({ children }: { children: ReactNode }) {
  return (
    <div className="tool-intro">
      <p>{children}</p>
      <p className="tool-intro__private">
        Runs in your browser: nothing you paste or drop here is uploaded or stored.
      </p>
    </div>
  );
}

/** A problem with the visitor's input, said where it happened. */
export function InputProblem({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="tool-problem" role="alert">
      <strong>{title}</strong> {children}
    </div>
  );
}
