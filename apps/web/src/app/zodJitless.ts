import { config } from 'zod';

// zod probes for eval with Function('') when it builds an object schema (the contracts build theirs at
// import): under our CSP (no 'unsafe-eval') that probe is a reported violation, and its JIT is of no use to
// a few small forms. Import this module first in every entry, before anything that imports the contracts.
config({ jitless: true });
