// "Read again" of a document (its action in the document pane and the workspace) — English. It comes with
// that code (src/i18n/read-again-strings.ts), not in the app's first script.
export const readAgainEn = {
  action: 'Read again',
  hint: 'Read this file again with your settings of now, for example after turning on "Read scanned pages and photos" in Settings > Documents.',
  reading: 'Reading again…',
  done: 'Read again: {{now}} of {{pages}} pages have text (before: {{before}}).',
  failed: '{{reason}} The text read before is kept.',
  network: 'The server could not be reached.',
};

export type ReadAgainResource = typeof readAgainEn;
