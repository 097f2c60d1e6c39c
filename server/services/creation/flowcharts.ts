// Flowcharts: a prompt becomes Mermaid code, from a real model or the offline model's step reader.
import {
  DEFAULT_LANGUAGE,
  type Flowchart,
  type Language,
  MODEL_STANDARD,
  ResponseCode,
} from '../../../common/contract/index.js';
import { AppError } from '../../errors.js';
import type { AiProvider } from '../../providers/ai/index.js';
import { mermaidFromAnswer, offlineFlowchart } from '../../providers/ai/offline-flowchart.js';
import type { Caller } from '../auth/sessions.js';
import type { Meter } from '../billing/quotas.js';

export function createFlowchartService(deps: {
  ai: AiProvider;
  timeoutMs: number;
  /** Every flowchart is a model call against the plan's quota (the offline model's too). */
  meter: Pick<Meter, 'charge'>;
}) {
  return {
    async generate(
      caller: Caller,
      input: { prompt: string; model?: string },
      language: Language = DEFAULT_LANGUAGE,
    ): Promise<Flowchart> {
      const model = input.model ?? MODEL_STANDARD;
      await deps.meter.charge(caller, model, 'flowchart');
      if (deps.ai.offline) return { code: offlineFlowchart(input.prompt, language), generatedBy: 'offline' };
      let answer = '';
      for await (const piece of deps.ai.stream({
        model,
        messages: [
          {
            role: 'system',
            content:
              'You draw flowcharts. Answer with one ```mermaid code block containing a "flowchart TD" diagram and nothing else. Quote node labels.',
          },
          { role: 'user', content: input.prompt },
        ],
        signal: AbortSignal.timeout(deps.timeoutMs),
      }))
        answer += piece;
      const code = mermaidFromAnswer(answer);
      if (!code) throw new AppError(ResponseCode.ServerError, 'flowchart.invalid', { httpStatus: 502 });
      return { code, generatedBy: 'ai' };
    },
  };
}
