/** Spec section 2: every dashboard chart is 500 px high. */
export const CHART_HEIGHT_PX = 500;
