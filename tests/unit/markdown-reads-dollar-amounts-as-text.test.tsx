// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { Markdown } from '../../src/ui/markdown/Markdown';

afterEach(cleanup);

it('renders "$5 and $10" literally, not as math', () => {
  const { container } = render(<Markdown text="It costs $5 and $10 in total, or $$20$$ with $x^2$." />);
  expect(container.textContent).toBe('It costs $5 and $10 in total, or $$20$$ with $x^2$.');
  expect(container.querySelector('.katex, math')).toBeNull();
});
