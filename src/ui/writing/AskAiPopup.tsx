import { useSelector } from '@xstate/react';
import { DropdownMenu } from 'radix-ui';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { OUTPUT_LANGUAGES, type WritingAction } from '../../../common/contract';
import { humanCheck } from '../../api/human-check';
import { currentLanguage } from '../../i18n';
import type { askAiMachine } from '../../machines/ask-ai.machine';
import { toast } from '../kit/toast';
import { Markdown } from '../markdown/Markdown';
import '../../i18n/writing-strings';

export const ASK_AI_FOCUS_DELAY_MS = 300;
export const ASK_AI_MAX_ROWS = 10;
const ACTIONS: WritingAction[] = ['summarize', 'translate', 'fixSpelling', 'shorter', 'longer'];

/** Grows the input with its text, up to ten rows. */
function autoSize(area: HTMLTextAreaElement) {
  area.style.height = 'auto';
  const line = Number.parseFloat(getComputedStyle(area).lineHeight) || 20;
  area.style.height = `${Math.min(area.scrollHeight, line * ASK_AI_MAX_ROWS + 12)}px`;
}

export function AskAiPopup({ actor }: { actor: ActorRefFrom<typeof askAiMachine> }) {
  const { t } = useTranslation();
  const state = useSelector(actor, (s) => s.value as string);
  const message = useSelector(actor, (s) => s.context.message);
  const answer = useSelector(actor, (s) => s.context.answer);
  const error = useSelector(actor, (s) => s.context.error);
  const copied = useSelector(actor, (s) => s.context.copied);
  const input = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    if (state !== 'input') return;
    // The human check (for those asked) is solved while the user picks an action or types.
    humanCheck.prepare('askAi');
    // The focus delay: the popup finishes opening before the input takes the keyboard.
    const timer = setTimeout(() => input.current?.focus(), ASK_AI_FOCUS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [state]);
  useEffect(() => {
    if (copied > 0) toast.success(t('common.copySuccess'));
  }, [copied, t]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the size follows the text
  useEffect(() => {
    if (input.current) autoSize(input.current);
  }, [message]);

  if (state === 'closed') return null;
  return (
    <div
      className="ask-ai"
      data-testid="ask-ai"
      data-state={state}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          actor.send({ type: 'CLOSE' });
        }
      }}
    >
      {state === 'input' && (
        <>
          <div className="ask-ai-row">
            <textarea
              ref={input}
              rows={1}
              className="ask-ai-input"
              data-testid="ask-ai-input"
              placeholder={t('writing.askPlaceholder')}
              value={message}
              onChange={(event) => actor.send({ type: 'CHANGE', message: event.target.value })}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && !event.shiftKey) {
                  // Enter sends, except while an input method is composing; Shift+Enter is a new line.
                  if (event.nativeEvent.isComposing || event.keyCode === 229) return;
                  event.preventDefault();
                  actor.send({ type: 'SEND' });
                } else if (event.key === 'Backspace' && message === '') {
                  event.preventDefault();
                  actor.send({ type: 'CLOSE' });
                }
              }}
            />
            <button
              type="button"
              className={`button primary ask-ai-send${message.trim() ? '' : ' disabled'}`}
              aria-disabled={!message.trim()}
              data-testid="ask-ai-send"
              onClick={() => actor.send({ type: 'SEND' })}
            >
              {t('writing.send')}
            </button>
          </div>
          {error && (
            <div className="ask-ai-error" role="alert">
              {t('writing.askFailed', { message: error })}
            </div>
          )}
          <div className="ask-ai-actions">
            {ACTIONS.map((action) =>
              action === 'translate' ? (
                <TranslateMenu
                  key={action}
                  onPick={(code) => actor.send({ type: 'ACTION', action, translateLanguage: code })}
                />
              ) : (
                <button
                  type="button"
                  key={action}
                  className="chip"
                  data-testid={`ask-ai-${action}`}
                  onClick={() => actor.send({ type: 'ACTION', action })}
                >
                  {t(`writing.${action}`)}
                </button>
              ),
            )}
          </div>
        </>
      )}
      {state === 'generating' && (
        <div className="ask-ai-generating">
          {answer ? (
            <div className="ask-ai-answer" data-testid="ask-ai-answer">
              <Markdown text={answer} streaming />
            </div>
          ) : (
            <div
              className="skeleton"
              data-testid="ask-ai-skeleton"
              role="status"
              aria-label={t('writing.generating')}
            >
              <span />
              <span />
              <span />
            </div>
          )}
          <button
            type="button"
            className="button"
            data-testid="ask-ai-stop"
            onClick={() => actor.send({ type: 'STOP' })}
          >
            {t('writing.stop')}
          </button>
        </div>
      )}
      {state === 'result' && (
        <div className="ask-ai-result">
          {/* Drawn as the Markdown it is: Insert turns the same Markdown into blocks, and as plain text the
              offline model's note showed its asterisks. */}
          <div className="ask-ai-answer" data-testid="ask-ai-answer">
            <Markdown text={answer} />
          </div>
          <div className="ask-ai-actions">
            <button
              type="button"
              className="button primary"
              data-testid="ask-ai-insert"
              onClick={() => actor.send({ type: 'INSERT' })}
            >
              {t('writing.insert')}
            </button>
            <button
              type="button"
              className="button"
              data-testid="ask-ai-replace"
              onClick={() => actor.send({ type: 'REPLACE' })}
            >
              {t('writing.replace')}
            </button>
            <button
              type="button"
              className="button"
              data-testid="ask-ai-retry"
              onClick={() => actor.send({ type: 'RETRY' })}
            >
              {t('writing.tryAgain')}
            </button>
            <button
              type="button"
              className="button"
              data-testid="ask-ai-copy"
              onClick={() => actor.send({ type: 'COPY' })}
            >
              {t('writing.copy')}
            </button>
            <button
              type="button"
              className="button"
              data-testid="ask-ai-discard"
              onClick={() => actor.send({ type: 'DISCARD' })}
            >
              {t('writing.discard')}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}

/** Translate asks for its target: Auto (the interface language) or one of the output languages. */
function TranslateMenu({ onPick }: { onPick(code: string): void }) {
  const { t } = useTranslation();
  const own = OUTPUT_LANGUAGES.find((l) => l.code === currentLanguage());
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="chip" data-testid="ask-ai-translate">
        {t('writing.translate')} ▾
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu translate-menu" align="start" sideOffset={4}>
          <DropdownMenu.Label className="menu-label">{t('writing.translateInto')}</DropdownMenu.Label>
          {OUTPUT_LANGUAGES.map((language) => (
            <DropdownMenu.Item
              key={language.code}
              className="menu-item"
              onSelect={() => onPick(language.code)}
              data-testid={`translate-to-${language.code}`}
            >
              {language.code === 'Auto'
                ? t('writing.translateAuto', { language: own?.label ?? 'English' })
                : language.label}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
