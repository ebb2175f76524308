/**
 * Bench: member import and export of 100,000 rows (issue "Organisation structure, background
 * import/export tasks"), SQLite.
 *
 * A tenant with 10 companies and 5,000 departments is created, then a 100,000-row member .xlsx
 * (shared strings, as Excel saves it; 0.1 % bad rows) is written with exceljs' streaming writer.
 * Each operation runs in a child process of its own, so its peak RSS (getrusage maxRSS, and RSS
 * sampled every 50 ms) is the operation's alone:
 *   - import: the real member import handler (org.import.ts) with a TaskRunContext whose progress()
 *     updates a real tasks row, like the task runner's; run BENCH_IMPORT_RUNS times (default 3),
 *     each on a fresh copy of the seeded database, the worst run held to the budget; baseline: the
 *     import's own xlsx reader over the same file, no validation, no database. exceljs' streaming
 *     reader is timed too, for comparison with the reader it replaced (decision 0007).
 *   - export: the real member export handler (org.export.ts) of the 100,000 imported staff to an
 *     .xlsx; baseline: the raw SELECTs (staff with names, memberships) on better-sqlite3 + the same
 *     exceljs streaming writer.
 * Budgets: import ≤ 20 s and peak RSS ≤ 400 MB; export ≤ 10 s.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ExcelJS from 'exceljs';
import { createOrgBench, nameOf, phoneOf, printTable, type FigureRow } from './org-seed.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const IMPORT_RUNS = Math.max(1, Number(process.env.BENCH_IMPORT_RUNS ?? 3));
const THIS_FILE = fileURLToPath(import.meta.url);
const MEMBER_COLUMNS = ['姓名', '手机号', '邮箱', '工号', '所属公司', '所属部门', '职级', '职位'];

interface ChildArgs {
  op: 'import' | 'read-baseline' | 'exceljs-read' | 'export' | 'export-baseline';
  db: string;
  xlsx: string;
  out: string;
  tenantId: number;
  staffId: number;
  userId: number;
}
interface ChildResult {
  ms: number;
  /** CPU time (user + system, all threads) of the operation: steadier than wall time on a busy machine. */
  cpuMs: number;
  maxRssMb: number;
  sampledPeakMb: number;
  startRssMb: number;
  atPeak: Record<string, number>;
  detail: Record<string, unknown>;
}

// ---- parent ----

async function writeMemberFile(file: string, bench: Awaited<ReturnType<typeof createOrgBench>>) {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: file,
    useSharedStrings: true,
    useStyles: false,
  });
  const ws = wb.addWorksheet('导入数据');
  ws.addRow(MEMBER_COLUMNS).commit();
  const companyName = new Map(bench.companies.map((c) => [c.id, c.name]));
  let bad = 0;
  for (let i = 0; i < ROWS; i++) {
    const dept = bench.depts[(i * 7) % bench.depts.length];
    const second = i % 10 === 0 ? bench.depts[(i * 7 + 1) % bench.depts.length] : undefined;
    const deptCell = second && second.orgId === dept.orgId ? `${dept.path};${second.path}` : dept.path;
    let phone = phoneOf(i);
    let email = i % 2 === 0 ? `u${i}@example.com` : '';
    // 0.1 % bad rows: a phone already used by an earlier row, or a malformed email.
    if (i % 1000 === 999) {
      bad++;
      if (i % 2000 === 999) phone = phoneOf(i - 1);
      else email = 'not-an-email';
    }
    ws.addRow([
      nameOf(i),
      phone,
      email,
      `E${String(i).padStart(6, '0')}`,
      companyName.get(dept.orgId)!,
      deptCell,
      bench.grades[i % bench.grades.length].name,
      i % 3 === 0 ? '' : bench.jobs[i % bench.jobs.length].name,
    ]).commit();
  }
  ws.commit();
  await wb.commit();
  return bad;
}

function runChild(args: ChildArgs): Promise<ChildResult> {
  return new Promise((resolve, reject) => {
    // BENCH_CHILD_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=prof" or "--trace-gc" (with
    // BENCH_CHILD_STDOUT=1 to see it), profiles the operations.
    const extra = (process.env.BENCH_CHILD_NODE_ARGS ?? '').split(' ').filter(Boolean);
    const child = spawn(
      process.execPath,
      [...extra, '--import', 'tsx', THIS_FILE, 'child', JSON.stringify(args)],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      if (process.env.BENCH_CHILD_STDOUT) process.stdout.write(d);
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('RESULT '));
      if (code !== 0 || !line) reject(new Error(`child ${args.op} exited ${code}: ${out.slice(-2000)}`));
      else resolve(JSON.parse(line.slice(7)));
    });
  });
}

const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const timeOf = (r: ChildResult) => `${secs(r.ms)} (cpu ${secs(r.cpuMs)})`;
const mb = (r: ChildResult) => `${r.maxRssMb.toFixed(0)} MB`;

export async function benchOrgImportExport() {
  const t0 = performance.now();
  const bench = await createOrgBench({ companies: 10, departments: 5000, staff: 0 });
  try {
    const xlsx = path.join(bench.dir, 'members.xlsx');
    const bad = await writeMemberFile(xlsx, bench);
    console.log(
      `\n[org-import-export] tenant with 10 companies, ${bench.depts.length} departments; ${ROWS} member rows ` +
        `(${bad} bad) written to ${(fs.statSync(xlsx).size / 1048576).toFixed(1)} MiB .xlsx in ${secs(performance.now() - t0)}`,
    );
    // Peak RSS depends on when V8 collects, so the import runs IMPORT_RUNS times, each on its own
    // copy of the freshly seeded database, and the worst run is the figure held to the budget.
    const seeded = bench.file;
    const copies = Array.from({ length: IMPORT_RUNS }, (_, i) => {
      const copy = `${seeded}.run${i + 1}`;
      bench.raw.exec(`VACUUM INTO '${copy}'`); // consistent even with the WAL not yet checkpointed
      return copy;
    });
    bench.raw.close();
    const common = {
      db: bench.file,
      xlsx,
      tenantId: bench.tenantId,
      staffId: bench.admin.staffId,
      userId: bench.admin.userId,
    };
    const readBase = await runChild({ ...common, op: 'read-baseline', out: '' });
    const exceljsRead = await runChild({ ...common, op: 'exceljs-read', out: '' });
    const imports: ChildResult[] = [];
    for (const [i, db] of copies.entries()) {
      const run = await runChild({
        ...common,
        db,
        op: 'import',
        out: path.join(bench.dir, `fail${i + 1}.xlsx`),
      });
      if (run.detail.success_amount !== ROWS - bad || run.detail.fail_amount !== bad)
        throw new Error(`import counts: ${JSON.stringify(run.detail)}, expected ${ROWS - bad} / ${bad}`);
      imports.push(run);
    }
    const worst = (pick: (r: ChildResult) => number) => imports.reduce((a, b) => (pick(b) > pick(a) ? b : a));
    const imp = worst((r) => r.maxRssMb);
    const slowest = worst((r) => r.ms);
    console.log(`  import: ${JSON.stringify(imp.detail)}; baseline read: ${JSON.stringify(readBase.detail)}`);
    console.log(
      `  import runs: ${imports.map((r) => `${secs(r.ms)} / ${mb(r)}`).join(', ')}; ` +
        `exceljs streaming read of the same file: ${timeOf(exceljsRead)} / ${mb(exceljsRead)}`,
    );
    console.log(
      `  memory at the sampled peak (MB): import ${JSON.stringify(imp.atPeak)}; read ${JSON.stringify(readBase.atPeak)}`,
    );
    common.db = copies[0];
    const exp = await runChild({ ...common, op: 'export', out: path.join(bench.dir, 'export.xlsx') });
    const expBase = await runChild({
      ...common,
      op: 'export-baseline',
      out: path.join(bench.dir, 'raw.xlsx'),
    });
    console.log(`  export: ${JSON.stringify(exp.detail)}; baseline: ${JSON.stringify(expBase.detail)}`);

    const rows: FigureRow[] = [
      {
        operation: `member import ${ROWS} rows: time (slowest of ${IMPORT_RUNS})`,
        ours: timeOf(slowest),
        baseline: `${timeOf(readBase)} read only`,
        ratio: `${(slowest.ms / readBase.ms).toFixed(1)}×`,
        budget: '≤ 20 s',
        verdict: slowest.ms <= 20_000 ? 'OK' : 'OVER',
      },
      {
        operation: `member import ${ROWS} rows: peak RSS (worst of ${IMPORT_RUNS})`,
        ours: `${mb(imp)} (sampled ${imp.sampledPeakMb.toFixed(0)}, start ${imp.startRssMb.toFixed(0)})`,
        baseline: mb(readBase),
        ratio: `${(imp.maxRssMb / readBase.maxRssMb).toFixed(1)}×`,
        budget: '≤ 400 MB',
        verdict: imp.maxRssMb <= 400 ? 'OK' : 'OVER',
      },
      {
        operation: `member export ${exp.detail.success_amount} rows: time`,
        ours: timeOf(exp),
        baseline: `${timeOf(expBase)} SELECT + write`,
        ratio: `${(exp.ms / expBase.ms).toFixed(1)}×`,
        budget: '≤ 10 s',
        verdict: exp.ms <= 10_000 ? 'OK' : 'OVER',
      },
      {
        operation: `member export: peak RSS`,
        ours: mb(exp),
        baseline: mb(expBase),
        ratio: `${(exp.maxRssMb / expBase.maxRssMb).toFixed(1)}×`,
        budget: '(none)',
        verdict: '',
      },
    ];
    printTable('[org-import-export] each operation in its own child process, SQLite', rows);
    console.log(
      `  load average at the end: ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} (${os.cpus().length} CPUs)`,
    );
    return rows;
  } finally {
    await bench.close();
  }
}

// ---- child ----

async function child(args: ChildArgs): Promise<void> {
  // Load the server modules before the clock starts: module loading is not the operation.
  await Promise.all([
    import('../apps/server/src/platform/db/database.js'),
    import('../apps/server/src/modules/tasks/tasks.repo.js'),
    import('../apps/server/src/modules/org/importExport/org.import.js'),
    import('../apps/server/src/modules/org/importExport/org.export.js'),
    import('better-sqlite3'),
  ]);
  const startRss = process.memoryUsage().rss;
  let peak = startRss;
  let atPeak = process.memoryUsage();
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    if (m.rss > peak) {
      peak = m.rss;
      atPeak = m;
    }
  }, 50);
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  let detail: Record<string, unknown>;
  if (args.op === 'read-baseline') detail = await readBaseline(args);
  else if (args.op === 'exceljs-read') detail = await exceljsRead(args);
  else if (args.op === 'export-baseline') detail = await exportBaseline(args);
  else detail = await runHandler(args);
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  const result: ChildResult = {
    ms,
    cpuMs: (cpu.user + cpu.system) / 1000,
    maxRssMb: process.resourceUsage().maxRSS / 1024,
    sampledPeakMb: peak / 1048576,
    /** JS heap and off-heap memory when the sampled RSS peaked (MB). */
    atPeak: Object.fromEntries(
      Object.entries(atPeak).map(([k, v]) => [k, Math.round(v / 1048576)]),
    ) as Record<string, number>,
    startRssMb: startRss / 1048576,
    detail,
  };
  console.log(`RESULT ${JSON.stringify(result)}`);
}

/** The import's own reader (org.excel.ts readSheetRows) alone: no validation, no database. */
async function readBaseline(args: ChildArgs) {
  const { readSheetRows, MEMBER_COLUMNS: columns } =
    await import('../apps/server/src/modules/org/importExport/org.excel.js');
  let rows = 0;
  let chars = 0;
  for await (const row of readSheetRows(fs.createReadStream(args.xlsx), columns)) {
    rows++;
    for (const v of row.values) chars += v.length;
  }
  return { rows, chars };
}

/** exceljs' streaming reader (DESIGN.md's Excel choice, replaced for the import by decision 0007), for comparison. */
async function exceljsRead(args: ChildArgs) {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(fs.createReadStream(args.xlsx), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  });
  let rows = 0;
  let chars = 0;
  for await (const sheet of reader)
    for await (const row of sheet) {
      rows++;
      for (const v of row.values as unknown[]) if (typeof v === 'string') chars += v.length;
    }
  return { rows, chars };
}

async function runHandler(args: ChildArgs) {
  const { openDatabase } = await import('../apps/server/src/platform/db/database.js');
  const { insertTask, updateProgress } = await import('../apps/server/src/modules/tasks/tasks.repo.js');
  const { importMembers } = await import('../apps/server/src/modules/org/importExport/org.import.js');
  const { exportMembers } = await import('../apps/server/src/modules/org/importExport/org.export.js');
  const handle = openDatabase({ sqliteFile: args.db });
  try {
    const isImport = args.op === 'import';
    const now = Date.now();
    const taskId = await insertTask(handle.db, args.tenantId, {
      creator_staff_id: args.staffId,
      creator_user_id: args.userId,
      creator_name: '基准管理员',
      operating_type: isImport ? 2 : 4,
      file_name: isImport ? 'members.xlsx' : '成员导出.xlsx',
      status: 0,
      success_amount: 0,
      fail_amount: 0,
      input_key: isImport ? args.xlsx : null,
      params: '{}',
      created_at: now,
      updated_at: now,
    });
    let outputs = 0;
    const result = await (isImport ? importMembers : exportMembers)({
      db: handle.db,
      task: {
        id: taskId,
        tenantId: args.tenantId,
        creatorStaffId: args.staffId,
        creatorUserId: args.userId,
        operatingType: isImport ? 2 : 4,
        fileName: isImport ? 'members.xlsx' : '成员导出.xlsx',
        params: {},
        inputKey: isImport ? args.xlsx : null,
      },
      openInput: async (key) => fs.createReadStream(key),
      saveOutput: async (name, write) => {
        const file = `${args.out}.${++outputs}.xlsx`;
        const out = fs.createWriteStream(file);
        const done = new Promise<void>((resolve, reject) => out.on('finish', resolve).on('error', reject));
        await write(out);
        if (!out.writableEnded) out.end();
        await done;
        return { key: file, name };
      },
      progress: (c) =>
        updateProgress(handle.db, args.tenantId, taskId, {
          successAmount: c.success_amount,
          failAmount: c.fail_amount,
          checkpoint: c.checkpoint === undefined ? undefined : JSON.stringify(c.checkpoint),
          now: Date.now(),
        }),
      checkpoint: null,
      signal: new AbortController().signal,
      attempt: 1,
    });
    const size = result.attachment ? fs.statSync(result.attachment.key).size : 0;
    return {
      success_amount: result.success_amount,
      fail_amount: result.fail_amount,
      file_kib: Math.round(size / 1024),
    };
  } finally {
    await handle.destroy();
  }
}

/** Raw export: all staff with their names in one SELECT, memberships in another, same streaming writer. */
async function exportBaseline(args: ChildArgs) {
  const { default: SqliteDatabase } = await import('better-sqlite3');
  const raw = new SqliteDatabase(args.db, { readonly: true });
  try {
    const depts = raw
      .prepare(`select id, pid, name from departments where tenant_id = ? and deleted_at is null`)
      .all(args.tenantId) as { id: number; pid: number; name: string }[];
    const byId = new Map(depts.map((d) => [d.id, d]));
    const pathOf = (id: number): string => {
      const d = byId.get(id);
      if (!d) return '';
      return d.pid === 0 ? d.name : `${pathOf(d.pid)}/${d.name}`;
    };
    const memberships = new Map<number, string[]>();
    for (const r of raw
      .prepare(`select staff_id, dept_id from staff_departments where tenant_id = ? order by staff_id`)
      .iterate(args.tenantId) as Iterable<{ staff_id: number; dept_id: number }>) {
      const list = memberships.get(r.staff_id) ?? [];
      list.push(pathOf(r.dept_id));
      memberships.set(r.staff_id, list);
    }
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: fs.createWriteStream(args.out),
      useSharedStrings: false,
      useStyles: false,
    });
    const ws = wb.addWorksheet('成员');
    ws.addRow([...MEMBER_COLUMNS, '职称', '状态']).commit();
    let rows = 0;
    for (const r of raw
      .prepare(
        `select s.id, s.name, s.phone, s.email, s.job_no, s.status, o.name as org_name, g.name as grade_name,
           j.name as job_name, t.name as title_name
         from staff s
         left join organizations o on o.id = s.org_id
         left join job_grades g on g.id = s.grade_id
         left join job_positions j on j.id = s.job_id
         left join titles t on t.id = s.title_id
         where s.tenant_id = ? order by s.id`,
      )
      .iterate(args.tenantId) as Iterable<Record<string, string | number | null>>) {
      ws.addRow([
        r.name,
        r.phone,
        r.email ?? '',
        r.job_no ?? '',
        r.org_name ?? '',
        (memberships.get(r.id as number) ?? []).join(';'),
        r.grade_name ?? '',
        r.job_name ?? '',
        r.title_name ?? '',
        r.status === 1 ? '在职' : '离职',
      ]).commit();
      rows++;
    }
    ws.commit();
    await wb.commit();
    return { rows, file_kib: Math.round(fs.statSync(args.out).size / 1024) };
  } finally {
    raw.close();
  }
}

if (
  process.argv[1] &&
  import.meta.url === pathToFileURL(process.argv[1]).href &&
  process.argv[2] === 'child'
) {
  child(JSON.parse(process.argv[3]) as ChildArgs).then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
