/** Bounds on a filter expression (docs/filter.md#limits-and-errors); each excess is a 400 naming `filter`. */
export const FILTER_LIMITS = Object.freeze({
  /** Characters in the whole expression. */
  maxLength: 1000,
  /** Comparisons in the expression. */
  maxTerms: 50,
  /** Characters in one regular expression of `=re=`. */
  maxPatternLength: 200,
  /**
   * Time for evaluating the filter over a list (src/search/filter-budget.ts says how it is
   * counted). With the other limits a filter needs a few milliseconds over all 28,944 branches;
   * only a pathological pattern gets near this.
   */
  evaluationBudgetMs: 30,
});
