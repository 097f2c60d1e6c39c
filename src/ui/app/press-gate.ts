// Buttons whose presses must not pile up requests (throttled): the first press acts at once,
// presses within the window after it are dropped, the first press after the window acts again.
export function createPressGate(windowMs: number, now: () => number = Date.now) {
  let last = Number.NEGATIVE_INFINITY;
  return (action: () => void): boolean => {
    const at = now();
    if (at - last < windowMs) return false;
    last = at;
    action();
    return true;
  };
}
