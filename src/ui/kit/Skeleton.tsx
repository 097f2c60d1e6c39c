// Loading placeholders (grey lines that pulse) and empty states with a way forward: the two shapes a list
// or a pane takes before it has content.
import type { ReactNode } from 'react';
import './kit.css';

/** `lines` grey bars standing in for content that is on its way; announced once as busy. */
export function Skeleton({ lines = 3, label }: { lines?: number; label: string }) {
  return (
    <div className="skeleton" role="status" aria-busy="true" aria-label={label} data-testid="skeleton">
      {Array.from({ length: lines }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the bars are identical and never reorder
        <span key={i} className="skeleton-line" style={{ width: `${90 - ((i * 17) % 40)}%` }} />
      ))}
    </div>
  );
}

/** Nothing here yet: says so and offers the next step. */
export function EmptyState({ text, action }: { text: string; action?: ReactNode }) {
  return (
    <div className="empty-state-box" data-testid="empty-state">
      <p className="muted">{text}</p>
      {action}
    </div>
  );
}
