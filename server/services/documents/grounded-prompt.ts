// The prompt of a document-chat answer for a real model: the numbered page sources first, with the rule to
// answer only from them and cite each as [n].
import type { ChatTurn, GroundingSource } from '../../providers/ai/provider.js';

export function groundedTurns(sources: GroundingSource[], turns: ChatTurn[]): ChatTurn[] {
  const listed = sources.map((s) => `[${s.n}] ${s.fileName}, page ${s.page}:\n${s.text}`).join('\n\n');
  const system: ChatTurn = {
    role: 'system',
    content: [
      "Answer using only the numbered sources below (pages of the user's documents or search results).",
      'After every sentence that uses a source, cite it with its number in square brackets, like [1] or [2][3].',
      'Cite only numbers listed below. If the sources do not contain the answer, say so plainly.',
      "Answer in the language of the user's question, in Markdown.",
      '',
      'Sources:',
      '',
      listed,
    ].join('\n'),
  };
  return [system, ...turns.filter((t) => t.role !== 'system')];
}
