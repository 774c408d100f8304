/**
 * Which sample languages' toolchains are installed here (each language's probe), and the Debian
 * packages that bring the missing ones: for .ci/run and `npm test` (scripts/test-tools.ts) and for the
 * sample tests, which stop at once with the packages to install rather than fail inside a sample.
 */
import {spawnSync} from 'node:child_process';
import {existsSync} from 'node:fs';
import {libfaketimePath} from './fake-clock';
import {sampleLanguages} from './languages';
import type {SampleLanguage} from './language';

export type ToolchainState = {language: SampleLanguage; installed: boolean};

export function toolchainStates(): ToolchainState[] {
  return sampleLanguages.map((language) => {
    const {command, args} = language.toolchain.probe;
    const probe = spawnSync(command, args, {stdio: 'ignore', timeout: 30_000});
    const clock = language.toolchain.clock !== 'libfaketime' || existsSync(libfaketimePath);
    return {language, installed: probe.status === 0 && clock};
  });
}

/** The Debian packages of every toolchain that is not installed, without repeats. */
export function missingPackages(states: ToolchainState[] = toolchainStates()): string[] {
  return [...new Set(states.filter((state) => !state.installed).flatMap((state) => state.language.toolchain.debianPackages))];
}

/** Fails with what to install when a toolchain is missing. */
export function assertToolchainsInstalled(states: ToolchainState[] = toolchainStates()): void {
  const missing = states.filter((state) => !state.installed);
  if (missing.length === 0) return;
  throw new Error(
    `The code-sample tests need ${missing.map((state) => state.language.label).join(', ')}: ` +
      `sudo apt-get install ${missingPackages(states).join(' ')}`,
  );
}
