import { type KeyboardEvent, type ReactNode, useId, useLayoutEffect, useRef } from 'react';

/**
 * A modal form dialog (role `dialog`, named by its title) on the browser's own `<dialog>`: `showModal()` makes the
 * rest of the page inert and moves focus to the first field; Tab and Shift+Tab wrap inside it (the browser would
 * otherwise let focus leave for its own toolbar); Escape closes it. The owner mounts it while open and moves
 * focus back to the button that opened it when `onClose` runs. ConfirmDialog (Radix AlertDialog) is for a yes or
 * no; this is for a dialog with fields.
 */
export function FormDialog({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  function trapTab(e: KeyboardEvent<HTMLDialogElement>) {
    if (e.key !== 'Tab' || !ref.current) return;
    const focusable = [
      ...ref.current.querySelectorAll<HTMLElement>(
        'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])',
      ),
    ].filter((el) => el.offsetParent !== null);
    if (!focusable.length) return;
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  }

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      // Escape: the owner decides (it unmounts the dialog and returns focus), not the browser alone.
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onKeyDown={trapTab}
      className="m-auto w-[36rem] max-w-[95vw] space-y-4 rounded-lg bg-white p-6 text-slate-900 shadow-xl backdrop:bg-slate-900/50"
    >
      <h2 id={titleId} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </dialog>
  );
}
