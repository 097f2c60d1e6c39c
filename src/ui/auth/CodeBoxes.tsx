// Six single-digit boxes: typing moves on, Backspace on an empty box moves back, and a paste is taken only
// when it is exactly six digits.
import { useRef } from 'react';
import { LOGIN_CODE_LENGTH } from '../../../common/contract';

interface Props {
  digits: string[];
  error: boolean;
  onChange(digits: string[]): void;
  onComplete(code: string): void;
}

export function CodeBoxes({ digits, error, onChange, onComplete }: Props) {
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const focus = (index: number) =>
    boxes.current[Math.max(0, Math.min(LOGIN_CODE_LENGTH - 1, index))]?.focus();
  const update = (next: string[]) => {
    onChange(next);
    if (next.every((d) => /^\d$/.test(d))) onComplete(next.join(''));
  };

  return (
    <div className={`code-boxes${error ? ' error' : ''}`} data-testid="code-boxes" data-error={error}>
      {digits.map((digit, index) => (
        <input
          key={index}
          ref={(el) => {
            boxes.current[index] = el;
          }}
          className="code-box"
          inputMode="numeric"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          maxLength={1}
          value={digit}
          aria-label={`${index + 1}`}
          autoFocus={index === 0}
          onChange={(event) => {
            // NFKC: a Chinese or Japanese input method in full-width mode types １ for 1.
            const value = event.target.value.normalize('NFKC').replace(/\D/g, '').slice(-1);
            const next = [...digits];
            next[index] = value;
            update(next);
            if (value) focus(index + 1);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Backspace' && !digits[index]) {
              event.preventDefault();
              const next = [...digits];
              next[index - 1] = '';
              onChange(next);
              focus(index - 1);
            }
          }}
          onPaste={(event) => {
            event.preventDefault();
            const pasted = event.clipboardData.getData('text').normalize('NFKC').replace(/\s+/g, '');
            if (!new RegExp(`^\\d{${LOGIN_CODE_LENGTH}}$`).test(pasted)) return;
            update(pasted.split(''));
            focus(LOGIN_CODE_LENGTH - 1);
          }}
          data-testid="code-box"
        />
      ))}
    </div>
  );
}
