import { createContext, lazy, type ReactNode, Suspense, useCallback, useContext, useState } from 'react';
import { loadScreenPart } from '@/lib/lazy-load';

// Loaded when the plan first refuses something: most visits never see it.
const PlanLimitNotice = lazy(() => loadScreenPart(() => import('./plan-limit-dialog')));

type ShowPlanLimit = (detail?: ReactNode) => void;
const PlanLimitContext = createContext<ShowPlanLimit | null>(null);

/** Hosts the plan-limit notice; screens call `usePlanLimitNotice()` when the plan refuses an action. */
export function PlanLimitProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<{ open: boolean; shown: boolean; detail?: ReactNode }>({
    open: false,
    shown: false,
  });
  const show = useCallback<ShowPlanLimit>((detail) => setState({ open: true, shown: true, detail }), []);
  return (
    <PlanLimitContext.Provider value={show}>
      {children}
      {state.shown && (
        <Suspense fallback={null}>
          <PlanLimitNotice
            open={state.open}
            detail={state.detail}
            onClose={() => setState((current) => ({ ...current, open: false }))}
          />
        </Suspense>
      )}
    </PlanLimitContext.Provider>
  );
}

export function usePlanLimitNotice(): ShowPlanLimit {
  const show = useContext(PlanLimitContext);
  if (!show) throw new Error('usePlanLimitNotice needs a PlanLimitProvider around it');
  return show;
}
