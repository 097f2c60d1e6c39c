// @vitest-environment jsdom
// Toasts load sonner with the first of them: one asked for before sonner and its Toaster are on the page
// still shows, and so do the ones after.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { Toasts, toast } from '../../src/ui/kit/toast';

afterEach(cleanup);

it('shows a toast asked for before sonner had loaded, and the next ones', async () => {
  render(<Toasts />);
  // Nothing of sonner is drawn before a toast is asked for.
  expect(document.querySelector('[data-sonner-toaster]')).toBeNull();
  toast.success('Saved before the Toaster');
  toast.error('And an error with it');
  expect(await screen.findByText('Saved before the Toaster')).toBeTruthy();
  expect(await screen.findByText('And an error with it')).toBeTruthy();
  toast.info('Later, straight to sonner');
  expect(await screen.findByText('Later, straight to sonner')).toBeTruthy();
});
