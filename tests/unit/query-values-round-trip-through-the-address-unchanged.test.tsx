// @vitest-environment jsdom
// The query read by the app's pages (useSearchParams/useSearch in src/ui/app/navigation.tsx) gives each value
// as it was written, decoded once, and writing it back leaves values nobody changed as they were.
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useSearch, useSearchParams } from '../../src/ui/app/navigation';

// A percent sign before hex digits, a slash, an ampersand, a plus and Arabic: the values a search box, a
// file name or a note can hold.
const TRICKY = '50%41 / a&b+c مرحبا';
const ARABIC = 'تقرير الأسبوع';

let setParams: ReturnType<typeof useSearchParams>[1] = () => {};
function Shows() {
  const [params, set] = useSearchParams();
  setParams = set;
  return (
    <>
      <output data-testid="q">{params.get('q')}</output>
      <output data-testid="note">{params.get('note')}</output>
      <output data-testid="raw">{useSearch()}</output>
    </>
  );
}

afterEach(() => {
  cleanup();
  history.replaceState(null, '', '/');
});

describe('query values', () => {
  it('are read as written in the address, decoded once', () => {
    const query = new URLSearchParams({ q: TRICKY, note: ARABIC }).toString();
    history.replaceState(null, '', `/writing?${query}`);
    render(<Shows />);
    // wouter's own hook read '50%41' as '50A': it ran decodeURI over the query before URLSearchParams did.
    expect(screen.getByTestId('q').textContent).toBe(TRICKY);
    expect(screen.getByTestId('note').textContent).toBe(ARABIC);
    expect(screen.getByTestId('raw').textContent).toBe(query);
  });

  it('written back, keep every value unchanged, also after another navigation', () => {
    history.replaceState(null, '', '/writing?q=50%2541%2F%26');
    render(<Shows />);
    expect(screen.getByTestId('q').textContent).toBe('50%41/&');
    act(() => setParams({ q: TRICKY, note: ARABIC }));
    expect(location.pathname).toBe('/writing');
    expect(new URLSearchParams(location.search).get('q')).toBe(TRICKY);
    expect(screen.getByTestId('q').textContent).toBe(TRICKY);
    expect(screen.getByTestId('note').textContent).toBe(ARABIC);
    act(() => setParams({}, { replace: true }));
    expect(location.search).toBe('');
    expect(screen.getByTestId('q').textContent).toBe('');
  });
});
