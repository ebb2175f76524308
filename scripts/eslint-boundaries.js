// Module and feature boundaries as `no-restricted-imports` patterns (docs/decisions/0010-module-boundaries.md).
// A flat-config block's rule options replace, not merge, an earlier block's, so every file falls in exactly
// one block below and each block lists all the patterns that hold for it. Depth matters because the
// imports are relative: from modules/auth/x.ts another module is one folder up (`org/…` beside `auth/`),
// from modules/auth/sub/x.ts it is two folders up. Dynamic `import()` is not checked: the web shell lazy-loads each screen's page that way.
// On the web, only app/ (the shell) and the entries import app/; what screens share with it is platform/ (decision 0030).

const ups = (n) => `(?:\\.\\./){${n}}`;
const DEPTHS = [0, 1, 2];
const TEST_FILES = ['**/*.test.ts', '**/*.test.tsx', '**/*.testkit.ts'];

const PART_DEEP =
  'Another part of this module (a sub-folder: flow/design, flow/bill, …) only through its index.ts (`../<part>/index.js`).';
const SERVER_DEEP =
  'Another server module only through its index.ts (`../<module>/index.js`): services and types, never a repo.';
const PLATFORM_UP = '`platform/` is below every module: it may not import from `modules/`.';
const WEB_DEEP = 'Another feature only through its index.ts (`@/features/<area>`), never its files.';
const WEB_UP =
  'Leave a feature with the `@/` alias (`@/api/…`, `@/components/…`, `@/platform/…`, `@/features/<area>`).';
const WEB_CLIMB = 'Use the `@/` alias (apps/web/src) instead of climbing three or more folders.';
const WEB_SHELL =
  '`app/` is the shell on top: only it and the entries import it. What screens share with it is in `@/platform/…`.';
const WEB_PLATFORM =
  '`platform/` is below the screens: it may not import `app/`, `features/` or `components/`.';

const rule = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

/**
 * Doors of a module's area that other modules may use besides the module's index.ts, when going through the
 * index would close an import circle: spend/standards (差旅与费用标准, decision 0047) is used by billReport's
 * document check, and spend's index reaches auth, which imports billReport (docs/ARCHITECTURE.md).
 */
const SUB_DOORS = ['spend/standards'];
const subDoors = `(?!(?:${SUB_DOORS.join('|')})/index\\.js$)`;

/** From a file `depth` folders below `modules/<m>/`: another module's files other than its public ones. */
function serverModulePatterns(depth, tests, parts) {
  const open = tests ? '(?!index\\.js$|[^/]+\\.testkit\\.js$)' : '(?!index\\.js$)';
  return [
    { regex: `^${ups(depth + 1)}${subDoors}[^./][^/]*/${open}`, message: SERVER_DEEP },
    { regex: `^${ups(depth + 2)}modules/`, message: SERVER_DEEP },
    ...(parts ? partPatterns(depth) : []),
  ];
}

/**
 * In a module of PARTED_MODULES every sub-folder is a part with an index.ts (decision 0010): from a file `depth` folders below
 * the module, another part's files other than its index.js. From the module root that is `./<part>/<file>`;
 * from a part `../<part>/<file>`; from a part's sub-folder the same two folders up (its own part's folders are
 * beside it, `../<sub>/…`, and stay open).
 */
function partPatterns(depth) {
  const into = `[^./][^/]*/(?!index\\.js$)`;
  if (depth === 0) return [{ regex: `^\\./${into}`, message: PART_DEEP }];
  return [{ regex: `^${ups(depth)}${into}`, message: PART_DEEP }];
}

/** Modules whose sub-folders are parts with doors of their own (flow: engine, design, form, bill, approval, print; budget: feeTypes, …; integration: budgetLink, …). */
const PARTED_MODULES = ['flow', 'budget', 'integration'];

const server = DEPTHS.flatMap((depth) => {
  const under = (m) => `apps/server/src/modules/${m}/${'*/'.repeat(depth)}`;
  const parted = PARTED_MODULES.map((m) => `apps/server/src/modules/${m}/**`);
  const blocks = (dirs, ignores, parts) => [
    {
      files: dirs.map((d) => `${d}*.ts`),
      ignores: [...TEST_FILES, ...ignores],
      rules: rule(serverModulePatterns(depth, false, parts)),
    },
    {
      files: dirs.map((d) => `${d}*.{test,testkit}.ts`),
      ignores,
      rules: rule(serverModulePatterns(depth, true, parts)),
    },
  ];
  return [...blocks([under('*')], parted, false), ...blocks(PARTED_MODULES.map(under), [], true)];
});

const webEverywhere = [
  { regex: '^(?:\\.\\./){3,}', message: WEB_CLIMB },
  { regex: '(?:^|/)features/[^/]+/.', message: WEB_DEEP },
];

/** `@/<top>/…` or a relative path climbing to `<top>/` (any depth). */
const webTop = (tops) => `^(?:@/|(?:\\.\\./)+)(?:${tops})(?:/|$)`;
const noShell = { regex: webTop('app'), message: WEB_SHELL };
// Layers, top down: app/ (the shell, with the entries) ─► features/ ─► components/, platform/ ─► api/, stores/
// (the request client's logout emits on platform/bus.ts, which imports nothing). Circles: dependency-cruiser.
const BELOW_SHELL = ['components', 'api', 'stores'];

const web = [
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['features', 'platform', ...BELOW_SHELL].map((d) => `apps/web/src/${d}/**`),
    rules: rule(webEverywhere),
  },
  {
    files: BELOW_SHELL.map((d) => `apps/web/src/${d}/**/*.{ts,tsx}`),
    rules: rule([...webEverywhere, noShell]),
  },
  {
    files: ['apps/web/src/platform/**/*.{ts,tsx}'],
    rules: rule([...webEverywhere, { regex: webTop('app|features|components'), message: WEB_PLATFORM }]),
  },
  ...DEPTHS.map((depth) => ({
    files: [`apps/web/src/features/*/${'*/'.repeat(depth)}*.{ts,tsx}`],
    rules: rule([...webEverywhere, noShell, { regex: `^${ups(depth + 1)}`, message: WEB_UP }]),
  })),
];

export const boundaryRules = [
  ...server,
  {
    files: ['apps/server/src/modules/index.ts'],
    rules: rule([{ regex: '^\\./[^/]+/(?!index\\.js$)', message: SERVER_DEEP }]),
  },
  {
    files: ['apps/server/src/platform/**/*.ts'],
    rules: rule([{ regex: '(?:^|/)modules(?:/|$)', message: PLATFORM_UP }]),
  },
  ...web,
];
