import { useEffect, useRef } from 'react';
import { useSigfoxTokens } from '../api/get-sigfox-tokens';
import { hasTokenWarning } from '../token-warning';

const AUTO_OPENED_KEY = 'sigfox-token-dialog-opened';

function markAutoOpened(): boolean {
  try {
    if (sessionStorage.getItem(AUTO_OPENED_KEY)) return false;
    sessionStorage.setItem(AUTO_OPENED_KEY, '1');
    return true;
  } catch {
    return false;
  }
}

/**
 * For provider staff (`enabled`): whether a token type is at the warning ratio. The first time in a browser session
 * that it is, `onAutoOpen` runs so the token dialog opens by itself (SPEC section 9).
 */
export function useSigfoxTokenWarning({ enabled, onAutoOpen }: { enabled: boolean; onAutoOpen: () => void }) {
  const tokens = useSigfoxTokens({ enabled });
  const warning = enabled && hasTokenWarning(tokens.data);
  const autoOpen = useRef(onAutoOpen);
  autoOpen.current = onAutoOpen;

  useEffect(() => {
    if (warning && markAutoOpened()) autoOpen.current();
  }, [warning]);

  return warning;
}
