/** Which of several Lighthouse runs of a page `npm run bench` reports (scripts/bench.ts). */
export type ScoredRun = {performance: number | null; tbtMs: number | null};

/**
 * The median run: the one whose performance score is the median (of an even count, the lower
 * middle; ties go to the higher TBT, the more cautious figure), so every figure reported for a
 * page comes from one consistent run.
 */
export function medianRun<Run extends ScoredRun>(runs: readonly Run[]): Run {
  if (runs.length === 0) throw new Error('medianRun needs at least one run');
  const ranked = [...runs].sort((a, b) => (a.performance ?? -1) - (b.performance ?? -1) || (b.tbtMs ?? 0) - (a.tbtMs ?? 0));
  return ranked[Math.floor((ranked.length - 1) / 2)]!;
}
