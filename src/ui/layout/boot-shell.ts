// index.html's boot shell (painted before the app's JavaScript arrives) leaves once the app draws itself.

/** Removes the boot shell; called where the app first draws (Layout) and where it fails to (the crash screen). */
export function removeBootShell() {
  document.getElementById('boot')?.remove();
}
