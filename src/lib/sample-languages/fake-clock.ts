/**
 * A server program's wall clock set by the tests, for the notification verifiers at the signature
 * test vector's own time: Debian's libfaketime (package `libfaketime`), preloaded, answers the
 * runtime's calls to the C library's clock with the real time plus an offset read from a file,
 * which the test rewrites between requests. The program's code is not changed.
 *
 * Only the wall clock moves: the monotonic clock, which servers' timers and timeouts use, stays
 * the kernel's (`DONT_FAKE_MONOTONIC`), and libfaketime's "monotonic fix" is off, because with it
 * a JVM started ten times slower (measured: 1.1 s plain, 17 to 23 s with it).
 */
import {writeFileSync} from 'node:fs';
import path from 'node:path';

const multiarch: Record<string, string> = {x64: 'x86_64-linux-gnu', arm64: 'aarch64-linux-gnu'};

/** Where Debian installs the library (its multiarch folder). */
export const libfaketimePath = `/usr/lib/${multiarch[process.arch] ?? `${process.arch}-linux-gnu`}/faketime/libfaketime.so.1`;

export type FakeClock = {
  /** The environment that runs a program on this clock. */
  environment: Record<string, string>;
  /** Sets the program's clock to `unixSeconds` now (it runs on from there); undefined sets it back to the real time. */
  set: (unixSeconds?: number) => void;
};

/** A clock kept in `folder`, at the real time until it is set. */
export function fakeClock(folder: string): FakeClock {
  const file = path.join(folder, 'faketime-offset');
  // libfaketime's relative form: seconds added to the real time; whole seconds, so that a clock
  // set to t reads t or later, never t minus a fraction.
  const write = (offsetSeconds: number) => writeFileSync(file, `${offsetSeconds >= 0 ? '+' : ''}${offsetSeconds}\n`);
  write(0);
  return {
    environment: {
      LD_PRELOAD: libfaketimePath,
      FAKETIME_TIMESTAMP_FILE: file,
      // Read the file at every clock call, so that a new offset holds from the next request on.
      FAKETIME_NO_CACHE: '1',
      DONT_FAKE_MONOTONIC: '1',
      FAKETIME_FORCE_MONOTONIC_FIX: '0',
    },
    set: (unixSeconds) => write(unixSeconds === undefined ? 0 : unixSeconds - Math.floor(Date.now() / 1000)),
  };
}
