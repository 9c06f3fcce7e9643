import { LOAD_ENGINES, type LoadEngine } from '../level-params/load-engines';
import { findGhz, GHZ_INSTALL_HINT } from './find-ghz';
import { findH2load, H2LOAD_INSTALL_HINT } from './find-h2load';

/** The engines that are outside programs (LOAD_ENGINE_INFO's `outside`), each with how it is found. */
const PROGRAMS = {
  ghz: { find: findGhz, hint: GHZ_INSTALL_HINT },
  h2load: { find: findH2load, hint: H2LOAD_INSTALL_HINT },
} satisfies Record<Exclude<LoadEngine, 'wirebench'>, { find: () => string | null; hint: string }>;

/**
 * For a run's engines, one line per outside program this machine lacks ("ghz not found: install it with ..."), so the
 * run is refused before it starts anything; empty when all are there.
 */
export function missingEnginePrograms(engines: readonly LoadEngine[]): string[] {
  return LOAD_ENGINES.filter((e) => engines.includes(e) && e in PROGRAMS).flatMap((e) => {
    const program = PROGRAMS[e as keyof typeof PROGRAMS];
    return program.find() ? [] : [`${e} not found: ${program.hint}`];
  });
}
