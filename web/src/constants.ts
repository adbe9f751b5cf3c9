/** SPEC section 2: "Page title defaults to the product's name." The SPEC names none; this is it. */
export const PRODUCT_NAME = 'Tutoring Platform';

/** SPEC section 9: at most 3 notification toasts show at once. */
export const TOAST_LIMIT = 3;

/** Where toasts appear: bottom right, clear of the header's navigation and log-out control. */
export const TOAST_POSITION = 'bottom-right';

/** How often a running demo-data job is polled for progress. */
export const JOB_POLL_INTERVAL_MS = 1000;
