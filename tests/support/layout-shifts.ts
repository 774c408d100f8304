/**
 * Records the layout shifts a page makes without input (what CLS sums), each with what moved, so
 * that a shift seen once on a busy machine can be traced from the failure message alone.
 */
import type {Page} from '@playwright/test';

/** One layout shift: its score, when it happened (page clock, ms), the scroll offset, and what moved where. */
export type LayoutShift = {value: number; at: number; scrollY: number; moved: string[]};

/** Call before `page.goto`. Returns a function that reads the shifts recorded so far. */
export async function recordLayoutShifts(page: Page): Promise<() => Promise<LayoutShift[]>> {
  await page.addInitScript(() => {
    type Rect = {x: number; y: number; width: number; height: number};
    type Source = {node?: Node | null; previousRect: Rect; currentRect: Rect};
    const shifts: LayoutShift[] = [];
    (window as unknown as {layoutShifts: LayoutShift[]}).layoutShifts = shifts;
    const describe = (node: Node | null | undefined): string => {
      if (!node) return '(a pseudo-element or a removed node)';
      const element = node instanceof Element ? node : node.parentElement;
      const classes = element?.getAttribute('class')?.trim().split(/\s+/).join('.');
      const name = `${element?.tagName.toLowerCase() ?? '#text'}${classes ? `.${classes}` : ''}`;
      const text = (node.textContent ?? '').trim().slice(0, 40);
      return node instanceof Element ? `${name} "${text}"` : `text "${text}" in ${name}`;
    };
    const rect = ({x, y, width, height}: Rect) => `${Math.round(x)},${Math.round(y)} ${Math.round(width)}×${Math.round(height)}`;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        value: number;
        hadRecentInput: boolean;
        startTime: number;
        sources: Source[];
      }[]) {
        if (entry.hadRecentInput) continue;
        shifts.push({
          value: entry.value,
          at: Math.round(entry.startTime),
          scrollY: Math.round(window.scrollY),
          moved: entry.sources.map((source) => `${describe(source.node)}: ${rect(source.previousRect)} → ${rect(source.currentRect)}`),
        });
      }
    }).observe({type: 'layout-shift', buffered: true});
  });
  return () => page.evaluate(() => (window as unknown as {layoutShifts: LayoutShift[]}).layoutShifts);
}

/** The shifts' total score: 0 exactly when nothing moved. */
export const layoutShiftTotal = (shifts: LayoutShift[]): number => shifts.reduce((total, shift) => total + shift.value, 0);
