// Ask AI of the writing editor: a send that names a writing template (120000..120014) becomes one of the
// writing actions, with instructions for a real model and a task the offline model can carry out itself.
import {
  DEFAULT_WRITING_TEMPLATE_ID,
  translationTarget,
  WRITING_TEMPLATE_MAX,
  WRITING_TEMPLATE_MIN,
  type WritingAction,
  WritingTemplate,
} from '../../../common/contract/index.js';
import { badRequest } from '../../errors.js';
import type { ChatTurn, WritingTask } from '../../providers/ai/provider.js';

/** Ask AI conversations of the editor; kept out of the chat history list. */
export const WRITING_CHANNEL_TYPE = 'WRITING';

const INSTRUCTIONS: Record<WritingAction, string> = {
  summarize: 'Summarize the text below in a few sentences. Answer with the summary only.',
  translate: 'Translate the text below into {language}. Answer with the translation only.',
  fixSpelling:
    'Fix the spelling and grammar of the text below without changing its meaning. Answer with the corrected text only.',
  shorter: 'Make the text below shorter while keeping its meaning. Answer with the shorter text only.',
  longer:
    'Make the text below longer and more detailed, in the same style. Answer with the longer text only.',
  ask: 'You help the user write a document. Answer the request, using the selected text when one is given. Answer in Markdown.',
};

const ACTION_BY_ID = new Map<number, WritingAction>(
  Object.entries(WritingTemplate).map(([action, id]) => [id, action as WritingAction]),
);

/** The writing action a send asks for, or null for an ordinary chat send. */
export function writingTaskOf(request: {
  writingDocPromptTemplateId?: string | number;
  writingSelectionText?: string;
  message: string;
  translateLanguage?: string;
  /** The interface language: what Auto translates into. */
  language?: string;
}): WritingTask | null {
  const raw = request.writingDocPromptTemplateId;
  if (raw === undefined && request.writingSelectionText === undefined) return null;
  const id = raw === undefined || raw === '' ? DEFAULT_WRITING_TEMPLATE_ID : Number(raw);
  if (!Number.isInteger(id) || id < WRITING_TEMPLATE_MIN || id > WRITING_TEMPLATE_MAX)
    throw badRequest('writing.templateUnknown');
  return {
    action: ACTION_BY_ID.get(id) ?? 'ask',
    selection: request.writingSelectionText ?? '',
    question: request.message,
    translateLanguage: translationTarget(request.translateLanguage, request.language),
  };
}

/** The message stored for the user's turn: the typed request, or the action's name. */
export const writingUserMessage = (task: WritingTask) => task.question.trim() || `/${task.action}`;

export function writingTurns(task: WritingTask, history: ChatTurn[]): ChatTurn[] {
  const instruction = INSTRUCTIONS[task.action].replace('{language}', task.translateLanguage ?? 'English');
  const parts = [];
  if (task.action === 'ask' && task.question.trim()) parts.push(task.question.trim());
  if (task.selection.trim()) parts.push(`Selected text:\n"""\n${task.selection}\n"""`);
  return [
    { role: 'system', content: instruction },
    ...history.slice(0, -1),
    { role: 'user', content: parts.join('\n\n') || task.question },
  ];
}
