// Inline SVG icons: they render the same everywhere, unlike emoji, which need an emoji font.
import type { SVGProps } from 'react';

const PATHS = {
  plus: 'M12 5v14M5 12h14',
  pencil: 'M4 20h4L19 9l-4-4L4 16v4zM14 6l4 4',
  trash: 'M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13',
  copy: 'M9 9h10v11H9zM5 15V4h10',
  mic: 'M12 3a3 3 0 0 0-3 3v6a3 3 0 0 0 6 0V6a3 3 0 0 0-3-3zM5 11a7 7 0 0 0 14 0M12 18v3M9 21h6',
  speaker: 'M3 10v4h4l5 4V6L7 10zM16 9a4 4 0 0 1 0 6M19 6a8 8 0 0 1 0 12',
  stop: 'M7 7h10v10H7z',
  thumbUp: 'M7 11v9H4v-9zM7 11l4-8c1.5 0 2.5 1 2.5 2.5V9H19a2 2 0 0 1 2 2.3l-1.2 6.6A2 2 0 0 1 17.8 20H7',
  thumbDown: 'M7 13V4H4v9zM7 13l4 8c1.5 0 2.5-1 2.5-2.5V15H19a2 2 0 0 0 2-2.3l-1.2-6.6A2 2 0 0 0 17.8 4H7',
  refresh: 'M20 11a8 8 0 1 0-2.3 5.7M20 4v7h-7',
  history: 'M4 6h16M4 12h16M4 18h10',
  chevronLeft: 'M15 6l-6 6 6 6',
  chevronRight: 'M9 6l6 6-6 6',
  arrowRight: 'M5 12h14M13 6l6 6-6 6',
  document: 'M6 3h8l4 4v14H6zM14 3v4h4M9 12h6M9 16h6',
  slides: 'M3 4h18v12H3zM12 16v4M8 20h8',
  write: 'M4 20h16M6 16l10-10 3 3-10 10H6z',
  folder: 'M3 6h6l2 2h10v11H3z',
  menu: 'M4 6h16M4 12h16M4 18h16',
  close: 'M6 6l12 12M18 6L6 18',
  globe:
    'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM3 12h18M12 3c2.5 2.5 3.5 5.5 3.5 9s-1 6.5-3.5 9c-2.5-2.5-3.5-5.5-3.5-9s1-6.5 3.5-9z',
  academic: 'M2 9l10-5 10 5-10 5zM6 11v5c3 2 9 2 12 0v-5M22 9v6',
  megaphone: 'M3 10v4h3l6 4V6L6 10zM16 9a4 4 0 0 1 0 6M19 6a8 8 0 0 1 0 12',
  flask: 'M9 3h6M10 3v6l-6 10.5A1 1 0 0 0 5 21h14a1 1 0 0 0 .9-1.5L14 9V3M7 15h10',
  wrench: 'M14.5 6a4 4 0 0 0-5 5L3 17.5 6.5 21l6.5-6.5a4 4 0 0 0 5-5l-2.5 2.5-2.5-.5-.5-2.5z',
  more: 'M5 12h.01M12 12h.01M19 12h.01',
  flowchart: 'M9 3h6v5H9zM4 16h6v5H4zM14 16h6v5h-6zM12 8v4M7 16v-2h10v2',
  image: 'M3 5h18v14H3zM3 16l5-5 4 4 3-3 6 6M15 9h.01',
  grid: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z',
  arrowDown: 'M12 5v14M6 13l6 6 6-6',
  attach: 'M20 11l-8.5 8.5a5 5 0 0 1-7-7L13 4a3.5 3.5 0 0 1 5 5l-8.5 8.5a2 2 0 0 1-3-3L14 7',
} as const;

export type IconName = keyof typeof PATHS;

/** Icons that point along the line of text: drawn mirrored in right-to-left text (styles.css), the rest never. */
const DIRECTIONAL = new Set<IconName>(['chevronLeft', 'chevronRight', 'arrowRight']);

export function Icon({
  name,
  size = 16,
  className,
  ...props
}: { name: IconName; size?: number } & SVGProps<SVGSVGElement>) {
  const classes = [DIRECTIONAL.has(name) ? 'icon-directional' : '', className ?? ''].join(' ').trim();
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className={classes || undefined}
      {...props}
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
