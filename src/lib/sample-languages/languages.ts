/**
 * The languages of the request samples, in the order their tabs appear. A language is a folder
 * beside this file (./language.ts says what it provides); adding one is a folder and a line here.
 * Apart from ./index.ts, which renders requests, so that what needs only the toolchains (.ci/run,
 * before `npm ci` has installed the site's dependencies) loads no npm package.
 */
import {csharp} from './csharp';
import {curl} from './curl';
import {go} from './go';
import {java} from './java';
import type {SampleLanguage} from './language';
import {node} from './node';
import {php} from './php';
import {python} from './python';
import {ruby} from './ruby';

export const sampleLanguages: readonly SampleLanguage[] = [curl, python, node, php, java, go, ruby, csharp];

/** The languages' tab labels as prose lists them: "cURL, Python, … Ruby and C#". */
export function sampleLanguageNames(): string {
  const labels = sampleLanguages.map((language) => language.label);
  return labels.length < 2 ? labels.join('') : `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`;
}
