'use client';

import { Dialog as AriaDialog, Heading, Modal, ModalOverlay, type DialogProps } from 'react-aria-components';

/** A modal dialog with a title; children may use the `close` render prop. */
export function Dialog({
  title,
  children,
  isOpen,
  onOpenChange,
  isDismissable = true,
  ...props
}: Omit<DialogProps, 'children'> & {
  title: string;
  children: DialogProps['children'];
  isOpen?: boolean;
  onOpenChange?: (isOpen: boolean) => void;
  isDismissable?: boolean;
}) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={isDismissable}
      className="fixed inset-0 z-overlay flex items-center justify-center bg-black/40 p-4"
    >
      <Modal className="z-modal w-full max-w-md rounded-xl bg-white p-6 shadow-xl">
        <AriaDialog {...props} className="outline-none">
          {(renderProps) => (
            <>
              <Heading slot="title" className="mb-3 text-lg font-bold">
                {title}
              </Heading>
              {typeof children === 'function' ? children(renderProps) : children}
            </>
          )}
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}
