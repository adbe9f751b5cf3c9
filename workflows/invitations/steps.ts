/** Pure numbers of the invitation-file job, safe in Temporal's workflow sandbox. */

/** Rows per activity: each row still reports its own progress; fewer activities keep Temporal's history short. */
export const INVITE_ROWS_PER_STEP = 10;
