'use client';

import { useState } from 'react';
import { DialogTrigger } from 'react-aria-components';
import { Button, type ButtonProps } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';

type ConfirmDialogProps = {
  /** The button that opens the dialog; focus goes back to it when the dialog closes. */
  trigger: string;
  triggerVariant?: ButtonProps['variant'];
  /** Ties the trigger to what it acts on, e.g. the card's heading. */
  triggerDescribedBy?: string;
  title: string;
  body: string;
  keep: string;
  confirm: string;
  failed: string;
  /** Does the thing; a rejection keeps the dialog open with `failed`. */
  onConfirm: () => Promise<unknown>;
};

/** Asks before something that cannot be undone (deleting a draft, cancelling a request). */
export function ConfirmDialog({ trigger, triggerVariant = 'secondary', triggerDescribedBy, title, body, keep, confirm, failed, onConfirm }: ConfirmDialogProps) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState(false);
  return (
    <DialogTrigger onOpenChange={() => setError(false)}>
      <Button variant={triggerVariant} aria-describedby={triggerDescribedBy}>
        {trigger}
      </Button>
      <Dialog title={title} role="alertdialog" isDismissable={!pending}>
        {({ close }) => (
          <>
            <p className="text-muted">{body}</p>
            {error && (
              <p role="alert" className="mt-3 text-sm font-medium text-red-700">
                {failed}
              </p>
            )}
            <div className="mt-6 flex flex-wrap justify-end gap-3">
              <Button variant="secondary" onPress={close} isDisabled={pending}>
                {keep}
              </Button>
              <Button
                variant="danger"
                isPending={pending}
                onPress={async () => {
                  setPending(true);
                  setError(false);
                  try {
                    await onConfirm();
                    close();
                  } catch {
                    setError(true);
                  } finally {
                    setPending(false);
                  }
                }}
              >
                {confirm}
              </Button>
            </div>
          </>
        )}
      </Dialog>
    </DialogTrigger>
  );
}
