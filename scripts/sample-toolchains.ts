/**
 * The toolchains the tests run the code samples with, as each sample language declares them
 * (src/lib/sample-languages/<language>): which are missing here, and the Debian packages that
 * bring them (src/lib/sample-languages/toolchains.ts).
 *
 *   npx tsx scripts/sample-toolchains.ts            lists each language with its state
 *   npx tsx scripts/sample-toolchains.ts --missing  prints the missing Debian packages on one line, for apt-get (.ci/run)
 */
import {missingPackages, toolchainStates} from '../src/lib/sample-languages/toolchains';

const states = toolchainStates();
if (process.argv.includes('--missing')) console.log(missingPackages(states).join(' '));
else {
  for (const {language, installed} of states) {
    console.log(
      `${language.label.padEnd(8)} ${installed ? 'installed' : `missing: apt-get install ${language.toolchain.debianPackages.join(' ')}`}`,
    );
  }
}
