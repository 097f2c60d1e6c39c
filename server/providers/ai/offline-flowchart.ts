// Flowcharts from Parley's built-in offline model: no AI. The steps a prompt lists ("a, then b, then c",
// numbered lines, arrows) become a Mermaid flowchart; a step that asks "if ..." or ends with "?" a decision.
import { DEFAULT_LANGUAGE, type Language } from '../../../common/contract/index.js';
import { offlinePhrases } from './offline-phrases.js';

const label = (text: string) =>
  text
    .replace(/["[\]{}()<>|`#;]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80);

export function stepsOf(prompt: string): { title: string; steps: string[] } {
  let text = prompt.trim();
  let title = '';
  const colon = /^([^:\n]{1,80})[:：]\s*(.+)$/su.exec(text);
  if (colon) {
    title = colon[1].trim();
    text = colon[2];
  }
  const pieces = text
    // Commas, semicolons and sentence ends of every language the app speaks (Arabic ، ؛ ؟, Chinese ，、；。？)
    // and their words for "then": an Arabic or Chinese list was one step otherwise. \b knows only ASCII
    // letters, so the Arabic and Spanish words are bounded by spaces.
    .split(
      /\n+|->|→|=>|[;؛；]|[,،，、]?\s*\b(?:then|and then|after that|next|finally)\b\s*|[,،]?\s+(?:ثم|وبعد ذلك|بعد ذلك|وأخيرا|وأخيرًا|luego|después|y luego|finalmente)\s+|(?:然后|接着|最后)|(?<=[.!?؟])\s+|(?<=[。！？])\s*(?=\S)|[,،，、]\s*/iu,
    )
    .map((p) =>
      (p ?? '')
        .replace(/^\s*(?:\d+[.)]|[-*•])\s*/, '')
        .replace(/[.!。！]+$/, '')
        .trim(),
    )
    .filter((p) => p.length > 0);
  return { title, steps: pieces.slice(0, 20) };
}

/** A step that asks: it starts with "if" or a question word, or ends with a question mark, in any of the languages. */
const isDecision = (step: string) =>
  /^(?:(?:if|whether|is|are|does|do|can|should|si)\b|إذا|اذا|هل|لو|如果|是否|¿)/iu.test(step) ||
  /[?؟？]$/u.test(step);

export function offlineFlowchart(prompt: string, language: Language = DEFAULT_LANGUAGE): string {
  const say = offlinePhrases(language);
  const { steps } = stepsOf(prompt);
  const lines = ['flowchart TD', `  start([${say.flowStart}])`];
  const ids = steps.map((_, i) => `s${i + 1}`);
  steps.forEach((step, i) => {
    const decision = isDecision(step);
    lines.push(decision ? `  ${ids[i]}{"${label(step)}"}` : `  ${ids[i]}["${label(step)}"]`);
  });
  lines.push(`  finish([${say.flowEnd}])`);
  const chain = ['start', ...ids, 'finish'];
  for (let i = 0; i < chain.length - 1; i++) {
    const from = chain[i];
    const step = steps[i - 1];
    const decision = step && isDecision(step);
    if (decision) {
      lines.push(`  ${from} -->|${say.flowYes}| ${chain[i + 1]}`);
      // "No" skips the next step (or ends when there is none after it).
      lines.push(`  ${from} -->|${say.flowNo}| ${chain[Math.min(i + 2, chain.length - 1)]}`);
    } else lines.push(`  ${from} --> ${chain[i + 1]}`);
  }
  return lines.join('\n');
}

/** The Mermaid code of a real model's answer: the ```mermaid block, or the whole answer when it is code. */
export function mermaidFromAnswer(answer: string): string | null {
  const fenced = /```(?:mermaid)?\s*\n([\s\S]*?)```/.exec(answer);
  const code = (fenced ? fenced[1] : answer).trim();
  return /^(?:flowchart|graph)\s+(?:TD|TB|BT|LR|RL)\b/.test(code) ? code : null;
}
