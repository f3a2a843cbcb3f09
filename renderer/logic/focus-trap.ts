/** What can take the keyboard's focus inside a dialog. */
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Keeps Tab and Shift+Tab inside a modal dialog: from its last focusable element Tab goes to the first,
 * from the first Shift+Tab goes to the last. Call it from the dialog's `keydown.tab` handler.
 */
export function trapTab(event: KeyboardEvent, dialog: HTMLElement | null): void {
  if (dialog === null) return;
  const items = Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE));
  const first = items[0];
  const last = items.at(-1);
  if (first === undefined || last === undefined) {
    event.preventDefault();
    return;
  }
  const active = dialog.ownerDocument.activeElement;
  const inside = active instanceof Node && dialog.contains(active);
  if (event.shiftKey && (active === first || !inside)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !inside)) {
    event.preventDefault();
    first.focus();
  }
}
