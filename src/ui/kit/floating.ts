// Radix's floating parts: tooltips, menus and popovers, with Popper and floating-ui under them, and the dialog
// frame (Radix Dialog, its focus trap and scroll lock). Not part of the page's start-up: floating-later.tsx fetches
// this once the app has drawn (or at the first press of a menu or the first dialog to open).
export { DropdownMenu, Popover, Tooltip } from 'radix-ui';
export { ModalClose, ModalDescription, ModalFrame, ModalTitle } from './modal-frame';
