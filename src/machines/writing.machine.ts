// The writing screen's state: which document is open, its title and first
// content, the headings for the contents list. Loading prefers the local copy; the server's text is fetched
// when this browser has none or an older, unchanged one.
import { assign, fromPromise, setup } from 'xstate';
import type { EditorJson } from '../../common/contract';
import { ApiError } from '../api/http';
import { writingApi } from '../api/writing';
import type { LocalWritingDoc } from '../local/schema';
import { writingRepository } from '../local/writing';
import type { TocEntry } from './writing-toc';

export interface WritingContext {
  loading: boolean;
  showAskAI: boolean;
  askAIMessage: string;
  answers: string[];
  docId: string | null;
  docTitle: string;
  createdAt: string | null;
  chatText: string;
  docInitContent: EditorJson | null;
  /** The local version the loaded content carries (a tab writes only on top of what it saw). */
  docVersion: number;
  insertStartPos: number | null;
  tipsFlag: boolean;
  addTipFlag: boolean;
  headings: TocEntry[];
  channelId: string | null;
  autoAskSend: boolean;
  autoAskConfig: { templateId: number; message: string } | null;
  /**
   * Why the document could not be opened when the server said it has none by that id (deleted in another tab
   * or on another device, or not the caller's): its own translated message, not "check your connection".
   */
  loadError: string | null;
}

export type WritingEvent =
  | { type: 'OPEN'; docId: string }
  | { type: 'CLOSE' }
  | { type: 'HEADINGS'; headings: TocEntry[] }
  | { type: 'TITLE'; title: string }
  | { type: 'ASKAI.SHOW'; show: boolean };

export const loadWritingDoc = fromPromise<LocalWritingDoc, { docId: string }>(async ({ input }) => {
  const repo = writingRepository();
  const local = await repo.get(input.docId);
  const stale = !local?.content || (!local.dirty && local.serverRevision > local.revision);
  if (local && !stale) return local;
  try {
    await repo.adoptServerDoc(await writingApi.getDoc(input.docId, { suppressAlert: true }));
  } catch (error) {
    if (local?.content) return local; // offline: the local text is what we have
    throw error;
  }
  const fresh = await repo.get(input.docId);
  if (!fresh?.content) throw new Error('not found');
  return fresh;
});

export const writingMachine = setup({
  types: { context: {} as WritingContext, events: {} as WritingEvent },
  actors: { loadWritingDoc },
}).createMachine({
  id: 'writing',
  initial: 'idle',
  context: {
    loading: false,
    showAskAI: false,
    askAIMessage: '',
    answers: [],
    docId: null,
    docTitle: '',
    createdAt: null,
    chatText: '',
    docInitContent: null,
    docVersion: 0,
    insertStartPos: null,
    tipsFlag: false,
    addTipFlag: false,
    headings: [],
    channelId: null,
    autoAskSend: false,
    autoAskConfig: null,
    loadError: null,
  },
  on: {
    OPEN: {
      target: '.loading',
      reenter: true,
      actions: assign({
        docId: ({ event }) => event.docId,
        loading: true,
        headings: [],
        docInitContent: null,
        loadError: null,
      }),
    },
    CLOSE: { target: '.idle', actions: assign({ docId: null, docInitContent: null, headings: [] }) },
    HEADINGS: { actions: assign({ headings: ({ event }) => event.headings }) },
    TITLE: { actions: assign({ docTitle: ({ event }) => event.title }) },
    'ASKAI.SHOW': { actions: assign({ showAskAI: ({ event }) => event.show }) },
  },
  states: {
    idle: {},
    loading: {
      invoke: {
        src: 'loadWritingDoc',
        input: ({ context }) => ({ docId: context.docId! }),
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => ({
            loading: false,
            docTitle: event.output.docTitle,
            createdAt: event.output.createdAt,
            docInitContent: event.output.content,
            docVersion: event.output.localVersion,
            tipsFlag: event.output.tipsExistFlag,
          })),
        },
        onError: {
          target: 'failed',
          actions: assign({
            loading: false,
            loadError: ({ event }) =>
              event.error instanceof ApiError && event.error.httpStatus === 404 ? event.error.message : null,
          }),
        },
      },
    },
    ready: {},
    failed: {},
  },
});
