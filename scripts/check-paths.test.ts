import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { checkRepository, findPathProblems } from './check-paths';

// The fixture lines below name outside paths on purpose, hence the marker on each of them.

describe('findPathProblems', () => {
  it('flags absolute paths of a build machine, with the line', () => {
    const text = "import x from './x';\nconst FIXTURE = '/work/shared/realdata/a.jpg';"; // check-paths: allow
    const [p, ...rest] = findPathProblems('apps/web/e2e/a.spec.ts', text);
    expect(rest).toEqual([]);
    expect(p).toMatchObject({ file: 'apps/web/e2e/a.spec.ts', line: 2 });
    expect(p.message).toContain('/work/shared/realdata/a.jpg'); // check-paths: allow
    expect(p.message).toContain('outside the repository');
  });

  it.each([
    "const SHOTS = '/tmp/shots'; // a literal temp path", // check-paths: allow
    'DATA_DIR="$(mktemp -d /tmp/feikong-XXXXXX)"', // check-paths: allow
    'see /root/notes/a.md', // check-paths: allow
    "read('/home/dev/project/x.json')", // check-paths: allow
    'open /Users/dev/x.png', // check-paths: allow
  ])('flags %s', (line) => {
    expect(findPathProblems('scripts/a.sh', line)).toHaveLength(1);
  });

  it('leaves app routes, URLs, run-time temp dirs and Windows fake paths alone', () => {
    const text = [
      "navigate('/home/index');",
      "page.goto('/home/noticeDetail?id=9');",
      'const url = `${APP_CTRL}/home/workbench/`;',
      "expect(path).toBe('/__container__/home/index');",
      'https://example.com/home/user/x and http://h/work/x/',
      "const dir = path.join(os.tmpdir(), 'shots');",
      'DATA_DIR="$(mktemp -d -t feikong-e2e-XXXXXX)"',
      "cleanFileName('C:\\\\fakepath\\\\成员.xlsx')",
    ].join('\n');
    expect(findPathProblems('apps/web/src/a.ts', text)).toEqual([]);
  });

  it('flags a .. chain that climbs above the root, counted from the file that names it', () => {
    const escape = "new URL('../../../../shared/x.json', import.meta.url)"; // check-paths: allow
    const [p] = findPathProblems('packages/contracts/src/a.test.ts', escape);
    expect(p.line).toBe(1);
    expect(p.message).toContain('climbs 4 levels from packages/contracts/src/');
    // The same chain from a deeper file stays inside; up to the root itself is fine.
    expect(findPathProblems('apps/server/src/modules/a.test.ts', escape)).toEqual([]);
    expect(findPathProblems('apps/web/e2e/a.spec.ts', "path.resolve(dir, '../../..')")).toEqual([]); // check-paths: allow
    expect(findPathProblems('docs/a.md', '[x](../../shared/y.md)')).toHaveLength(1); // check-paths: allow
    expect(findPathProblems('README.md', 'see ../x')).toHaveLength(1); // check-paths: allow
  });

  it('does not read spreads, ellipses or names with dots as climbs', () => {
    const text = ['const all = [...a, ...b];', '加载中...', 'a..b', 'v1.2..v1.3'].join('\n');
    expect(findPathProblems('a.ts', text)).toEqual([]);
  });

  it('skips a line that carries the allow marker', () => {
    expect(findPathProblems('a.ts', "'/work/x/y' // check-paths: allow")).toEqual([]);
  });
});

describe('checkRepository (git ls-files of a scratch repository)', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  function scratchRepo(files: Record<string, string | Buffer>) {
    dir = mkdtempSync(path.join(os.tmpdir(), 'check-paths-'));
    execFileSync('git', ['init', '-q'], { cwd: dir });
    for (const [name, content] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      writeFileSync(path.join(dir, name), content);
    }
    execFileSync('git', ['add', '.'], { cwd: dir });
    return dir;
  }

  it('passes a tree whose fixtures live inside it', () => {
    const root = scratchRepo({
      'packages/a/src/v.test.ts': "readFileSync(new URL('../../../test-data/v.json', import.meta.url));", // check-paths: allow
      'test-data/v.json': '{}',
      'README.md': 'Run `npm test`.',
    });
    expect(checkRepository(root)).toEqual([]);
  });

  it('fails a tree that reads outside itself, but not in the lock file or binary files', () => {
    const outside = "'/work/shared/realdata/x.json'"; // check-paths: allow
    const root = scratchRepo({
      'packages/a/src/v.test.ts': `ok\nreadFileSync(${outside});`,
      'package-lock.json': `{"resolved": ${outside}}`,
      'test-data/x.jpg': Buffer.concat([Buffer.from([0xff, 0xd8, 0]), Buffer.from(outside)]),
    });
    const problems = checkRepository(root);
    expect(problems.map((p) => `${p.file}:${p.line}`)).toEqual(['packages/a/src/v.test.ts:2']);
  });

  it('passes this repository as checked out', () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
    expect(checkRepository(root)).toEqual([]);
  });
});
