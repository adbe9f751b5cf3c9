/** Pure numbers of the invitation-file job, safe in Temporal's workflow sandbox. */

/**
 * Rows per activity, and per progress report (decision 0041). Fewer activities keep Temporal's
 * history short. Progress after every row was measured and refused: each report is a command on
 * the job's stream, which the bus reads whole, including the first event with every row of the
 * file, so per-row reports made a 5,000-row file quadratic (954 rows in the first minute and
 * slowing, against 1,840 and steady per step of 10, on the same shared machine). A step of 10
 * takes about half a second, as often as the page polls.
 */
export const INVITE_ROWS_PER_STEP = 10;
