// Radix's floating parts: tooltips, menus and popovers, with Popper and floating-ui under them. Not part of the
// page's start-up: floating-later.tsx fetches this once the app has drawn (or at the first press of a menu).
export { DropdownMenu, Popover, Tooltip } from 'radix-ui';
