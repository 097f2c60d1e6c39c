// Shared chats — English.
// Each language has its own module (ar.ts, zh.ts, es.ts beside this one, typed against these keys) so the
// first download carries only English.
export const sharesEn = {
  open: 'Share',
  title: 'Share this chat',
  description:
    'Anyone with the link can read the chat as it is now, without logging in. Later messages are not shared.',
  create: 'Create link',
  link: 'Share link',
  copy: 'Copy link',
  revoke: 'Stop sharing',
  revokeTitle: 'Stop sharing this link?',
  revokeBody: 'Anyone who opens it will be told the chat is no longer shared. Your chat stays as it is.',
  revoked: 'The link no longer works.',
  sharedAt_one: 'Shared {{date}} · {{count}} message',
  sharedAt_other: 'Shared {{date}} · {{count}} messages',
  close: 'Close',
  loading: 'Loading the shared chat…',
  notFound: 'This shared chat does not exist or is no longer shared.',
  loadFailed: 'The shared chat could not be loaded. Check your connection and try again.',
  readOnly: 'Shared chat · read only',
  continue: 'Continue this conversation',
  continueFailed: 'The conversation could not be continued. Please try again.',
};
