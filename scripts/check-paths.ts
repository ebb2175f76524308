/**
 * Fails when a tracked file names a path outside the repository, so that a fresh clone with nothing
 * beside it runs every test the same way (issue 11 part 3). Two kinds of path are refused:
 *
 * - absolute paths of a build machine: anything under /work, /root, /home/<user>, /Users/<user> and
 *   literal paths under /tmp. Temp dirs are fine when made at run time (os.tmpdir(), mktemp -t),
 *   because they exist on every machine and honour TMPDIR; a literal /tmp path is either a fixture
 *   that only one machine has or an output dir that ignores TMPDIR. App routes such as '/home/index'
 *   have no further segment and `${base}/home/x/` or https://host/home/x/ are preceded by a name,
 *   so neither matches.
 * - chains of `..` that climb above the repository root, counted from the directory of the file that
 *   names them (in new URL(…, import.meta.url), path.resolve(dirname, …), links in docs).
 *
 * A line that must name such a path on purpose (this script's own test fixtures) carries the marker
 * `check-paths: allow`. Run: node --import tsx scripts/check-paths.ts
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface PathProblem {
  file: string;
  line: number;
  message: string;
}

export const ALLOW_MARKER = 'check-paths: allow';

/** Files never scanned: generated lock data. Binary files are recognised by a NUL byte. */
const SKIPPED = new Set(['package-lock.json']);

// The character before the path must not continue a name, a template `${…}`, a URL or a longer path.
const ABSOLUTE = /(?<![\w.}/:$~-])\/(?:work|root|tmp|home\/[^/\s'"`]+|Users\/[^/\s'"`]+)\/[^\s'"`)]*/g;
// A run of `..` segments that is not part of a longer name ('...', 'a..b').
const CLIMB = /(?<![\w.])\.\.(?:\/\.\.)*(?![\w.])/g;

/** Problems in one file's text; `file` is its path relative to the repository root, with '/'. */
export function findPathProblems(file: string, text: string): PathProblem[] {
  const problems: PathProblem[] = [];
  const dirDepth = file.split('/').length - 1;
  text.split('\n').forEach((content, i) => {
    if (content.includes(ALLOW_MARKER)) return;
    for (const m of content.matchAll(ABSOLUTE)) {
      problems.push({
        file,
        line: i + 1,
        message: `absolute path ${m[0].replace(/[.,;:]+$/, '')} names a place outside the repository; put fixtures under test-data/ and read them relative to the file, make temp dirs with os.tmpdir() or mktemp -t`,
      });
    }
    for (const m of content.matchAll(CLIMB)) {
      const ups = m[0].split('/').length;
      if (ups > dirDepth) {
        problems.push({
          file,
          line: i + 1,
          message: `relative path ${m[0]} climbs ${ups} levels from ${path.posix.dirname(file)}/ and leaves the repository (the root is ${dirDepth} up)`,
        });
      }
    }
  });
  return problems;
}

function isBinary(bytes: Buffer): boolean {
  return bytes.subarray(0, 8000).includes(0);
}

/** Every tracked file of the repository at `root` (git ls-files), scanned. */
export function checkRepository(root: string): PathProblem[] {
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter((f) => f && !SKIPPED.has(path.posix.basename(f)));
  const problems: PathProblem[] = [];
  for (const file of files) {
    let bytes: Buffer;
    try {
      bytes = readFileSync(path.join(root, file));
    } catch {
      continue; // deleted in the worktree but still in the index
    }
    if (isBinary(bytes)) continue;
    problems.push(...findPathProblems(file, bytes.toString('utf8')));
  }
  return problems;
}

function main(): void {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const problems = checkRepository(root);
  for (const p of problems) console.error(`${p.file}:${p.line}: ${p.message}`);
  if (problems.length > 0) {
    console.error(`check-paths: ${problems.length} path(s) outside the repository`);
    process.exit(1);
  }
  console.log('check-paths: no tracked file names a path outside the repository');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
