import type { ReleaseNote } from '../../src/api/contract.js';

/** Shown at /releasenote; newest first. */
export const RELEASE_NOTES: ReleaseNote[] = [
  {
    version: '1.24.92',
    date: '2026-11-23',
    notes: [
      'Chat with the Standard model as a guest, with answers that survive dropped connections and reloads.',
      'Works offline: cached chats open without a network; renames and deletes sync when you are back.',
      'Email-code login; chats made as a guest stay with you.',
      'English, Arabic (right to left), Chinese and Spanish.',
    ],
  },
];
