import { vendor } from '@vendor';
import { useEffect } from 'react';

/** Names the browser tab after the page, then the product. */
export function useDocumentTitle(pageTitle: string | undefined) {
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} · ${vendor.title}` : vendor.title;
  }, [pageTitle]);
}
