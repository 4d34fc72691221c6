import * as AlertDialog from '@radix-ui/react-alert-dialog';
import type { ReactNode } from 'react';

import { Button } from './button';

interface ConfirmDialogProps {
  /** The button that opens the dialog; focus returns to it when the dialog closes. */
  trigger?: ReactNode;
  /**
   * Opened by its owner instead of a trigger (a form that confirms what it validated: a refund's amount); the
   * owner moves focus back where it belongs.
   */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
}

/** A confirmation (Radix AlertDialog: focus trapped inside, Escape cancels, focus returns to the trigger). */
export function ConfirmDialog({
  trigger,
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <AlertDialog.Root {...(open === undefined ? {} : { open, onOpenChange })}>
      {trigger && <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>}
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 bg-slate-900/50" />
        <AlertDialog.Content className="fixed left-1/2 top-1/3 w-[28rem] max-w-[90vw] -translate-x-1/2 space-y-4 rounded-lg bg-white p-6 shadow-xl">
          <AlertDialog.Title className="text-lg font-semibold">{title}</AlertDialog.Title>
          <AlertDialog.Description className="text-sm text-slate-700">{description}</AlertDialog.Description>
          <div className="flex justify-end gap-2">
            <AlertDialog.Cancel asChild>
              <Button variant="outline">Keep</Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <Button variant="danger" onClick={onConfirm}>
                {confirmLabel}
              </Button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
