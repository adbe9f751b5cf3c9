import { useEffect } from 'react';
import { PRODUCT_NAME } from '../constants';

/**
 * Sets the page title to "<title> · <product>"; without a title, and once the page is left, it is
 * the product's name (index.html starts with it too).
 */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME;
    return () => { document.title = PRODUCT_NAME; };
  }, [title]);
}
