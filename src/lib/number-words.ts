/** Counts as prose writes them; a bigger count is written in digits. */
export const numberWords = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];

/** 2 → "two", 40 → "40". */
export const countInWords = (count: number): string => numberWords[count] ?? String(count);
