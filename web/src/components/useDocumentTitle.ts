import { useEffect } from 'react';
import { PRODUCT_NAME } from '../constants';

/** Sets the page title to "<title> · <product>"; without a title (or on leaving) it is the product's name. */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME;
    return () => { document.title = PRODUCT_NAME; };
  }, [title]);
}
