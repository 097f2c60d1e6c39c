// The whole English resource: what the app's first script carries (en-core.ts), the settings dialog's strings
// (en-settings.ts), the writing editor's (writing/en.ts), a document's "Read again" (read-again/en.ts) and the
// terms and privacy pages' (en-legal.ts), which come with their code. The server serves it and every language follows its type.
import { enCore } from './en-core';
import { enLegal } from './en-legal';
import { enSettings } from './en-settings';
import type { Localized } from './localized';
import { readAgainEn } from './read-again/en';
import { writingEn } from './writing/en';

export const en = {
  ...enCore,
  settings: { ...enCore.settings, ...enSettings },
  writing: writingEn,
  readAgain: readAgainEn,
  legal: enLegal,
};
export type Resource = Localized<typeof en>;
