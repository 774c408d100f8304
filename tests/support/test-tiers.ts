/**
 * The browser tests come in two tiers, so that a developer gets an answer in minutes and CI still
 * checks everything:
 *
 * - the fast tier (`npm test`) checks every behaviour on one page of each kind;
 * - the full tier (`npm run test:full`, which CI runs) adds the same checks on every other page, in
 *   every layout and in every state a reader can put a page in.
 *
 * A test that only repeats a fast-tier check on more pages carries the `@exhaustive` tag;
 * playwright.config.ts leaves those out unless TESSERA_TESTS=full.
 */
import type {TestDetails} from '@playwright/test';

export const exhaustiveTag = '@exhaustive';

/** The details of a test that runs only in the full tier. */
export const exhaustive: TestDetails = {tag: exhaustiveTag};

/** Details for one test of a list: the fast tier keeps the ones `inFastTier` accepts. */
export const fastTierWhen = (inFastTier: boolean): TestDetails => (inFastTier ? {} : exhaustive);

/** True when the full tier runs (TESSERA_TESTS=full). */
export const fullTier = process.env.TESSERA_TESTS === 'full';
