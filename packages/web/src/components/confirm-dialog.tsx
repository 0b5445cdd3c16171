import { createContext, lazy, type ReactNode, Suspense, useCallback, useContext, useRef, useState } from 'react';
import { loadScreenPart } from '@/lib/lazy-load';

// No page needs the dialog's code before it asks its first question.
const ConfirmDialogView = lazy(() => loadScreenPart(() => import('./confirm-dialog-view')));

export interface ConfirmOptions {
  title: string;
  message?: ReactNode;
  /** The label of the confirming button; "OK" by default. */
  confirmLabel?: string;
  cancelLabel?: string;
  /** A confirmation that destroys or discards something gets a red button. */
  destructive?: boolean;
}

type Confirm = (options: ConfirmOptions) => Promise<boolean>;

const ConfirmContext = createContext<Confirm | null>(null);

/** Hosts the one confirm dialog of the app; `useConfirm()` opens it. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [options, setOptions] = useState<ConfirmOptions | null>(null);
  const [open, setOpen] = useState(false);
  const [asked, setAsked] = useState(false);
  const settle = useRef<((confirmed: boolean) => void) | null>(null);

  const confirm = useCallback<Confirm>((next) => {
    settle.current?.(false);
    setOptions(next);
    setOpen(true);
    setAsked(true);
    return new Promise<boolean>((resolve) => {
      settle.current = resolve;
    });
  }, []);

  const answer = (confirmed: boolean) => {
    settle.current?.(confirmed);
    settle.current = null;
    setOpen(false);
  };

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      {/* Mounted from the first question on, so that closing still plays its transition. */}
      {asked && (
        <Suspense fallback={null}>
          <ConfirmDialogView open={open} options={options} answer={answer} onExited={() => setOptions(null)} />
        </Suspense>
      )}
    </ConfirmContext.Provider>
  );
}

/** `const confirmed = await confirm({ title, message })`: true when the user confirmed, false when they cancelled. */
export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm needs a ConfirmProvider around it');
  return confirm;
}
